// Issue 29 item 1: policy matching and the approval chain state machine (docs/approvals.md).
import { describe, expect, it } from 'vitest';
import {
  Role,
  approvalMessages,
  awaitingApprovalText,
  buildApprovalChain,
  currentStepIndex,
  decideChainApproval,
  isChainComplete,
  matchApprovalPolicy,
  singleApprovalChain,
  withApproval,
  withRuleApproval,
  zApprovalPolicyInput,
  zApproveDocumentInput,
  type ApprovalChain,
  type ApprovalPolicyDefinition,
  type InvoiceForPolicies,
} from '../src/index';

const ANA = 1;
const BEN = 2;
const DANA = 3;
const OUTSIDER = 4;
const names: Record<number, string> = { 1: 'Ana Clerk', 2: 'Ben Manager', 3: 'Dana Controller' };
const userName = (id: number) => names[id] ?? `User ${id}`;

const policy = (over: Partial<ApprovalPolicyDefinition> = {}): ApprovalPolicyDefinition => ({
  id: 1,
  name: 'Standard',
  isActive: true,
  isDefault: false,
  partyId: null,
  codingPrefix: null,
  accountCodes: [],
  minTotalCents: null,
  maxTotalCents: null,
  // Up to $5,000 one approver; above $5,000 a second; above $50,000 the controller.
  steps: [
    { aboveCents: null, approverUserIds: [ANA], approverRoleId: null },
    { aboveCents: 500_000, approverUserIds: [BEN], approverRoleId: null },
    { aboveCents: 5_000_000, approverUserIds: [DANA], approverRoleId: null },
  ],
  ...over,
});

const invoice = (over: Partial<InvoiceForPolicies> = {}): InvoiceForPolicies => ({
  partyId: 10,
  totalCents: 6_000_000,
  lines: [{ coding: { afe: 'AFE-24-017', costCenter: null, accountCode: '6100' } }],
  ...over,
});

describe('policy matching', () => {
  const vendorPolicy = policy({ id: 2, name: 'Vendor 10', partyId: 10 });
  const afePolicy = policy({ id: 3, name: 'Drilling AFEs', codingPrefix: 'afe-24' });
  const codesPolicy = policy({ id: 4, name: 'Chemicals', accountCodes: ['6200', ' 6100 '] });
  const bigPolicy = policy({ id: 5, name: 'Large', minTotalCents: 1_000_000 });
  const smallPolicy = policy({ id: 6, name: 'Small', maxTotalCents: 100_000 });
  const fallback = policy({ id: 9, name: 'Default', isDefault: true, partyId: 99 });

  it('first match wins in the given order', () => {
    expect(matchApprovalPolicy([vendorPolicy, afePolicy], invoice())?.id).toBe(2);
    expect(matchApprovalPolicy([afePolicy, vendorPolicy], invoice())?.id).toBe(3);
  });

  it('each condition must hold; empty conditions always hold', () => {
    expect(matchApprovalPolicy([vendorPolicy], invoice({ partyId: 11 }))).toBeNull();
    expect(matchApprovalPolicy([vendorPolicy], invoice({ partyId: null }))).toBeNull();
    expect(matchApprovalPolicy([afePolicy], invoice())?.id).toBe(3);
    const ccLine = { coding: { afe: null, costCenter: 'AFE-24-9', accountCode: null } };
    expect(matchApprovalPolicy([afePolicy], invoice({ lines: [ccLine] }))?.id).toBe(3);
    const other = { coding: { afe: 'X-1', costCenter: 'Y', accountCode: '7000' } };
    expect(matchApprovalPolicy([afePolicy], invoice({ lines: [other] }))).toBeNull();
    expect(matchApprovalPolicy([codesPolicy], invoice())?.id).toBe(4);
    expect(matchApprovalPolicy([codesPolicy], invoice({ lines: [other] }))).toBeNull();
    expect(matchApprovalPolicy([codesPolicy], invoice({ lines: [] }))).toBeNull();
    expect(matchApprovalPolicy([bigPolicy], invoice())?.id).toBe(5);
    expect(matchApprovalPolicy([bigPolicy], invoice({ totalCents: 999_999 }))).toBeNull();
    expect(matchApprovalPolicy([bigPolicy], invoice({ totalCents: null }))).toBeNull();
    expect(matchApprovalPolicy([smallPolicy], invoice({ totalCents: 100_000 }))?.id).toBe(6);
    expect(matchApprovalPolicy([smallPolicy], invoice())).toBeNull();
  });

  it('the default applies when nothing else matches, whatever its own conditions', () => {
    expect(matchApprovalPolicy([fallback, vendorPolicy], invoice({ partyId: 11 }))?.id).toBe(9);
    expect(matchApprovalPolicy([fallback, vendorPolicy], invoice())?.id).toBe(2);
  });

  it('inactive policies are ignored; no policy at all gives null', () => {
    expect(matchApprovalPolicy([{ ...vendorPolicy, isActive: false }], invoice())).toBeNull();
    expect(matchApprovalPolicy([{ ...fallback, isActive: false }], invoice())).toBeNull();
    expect(matchApprovalPolicy([], invoice())).toBeNull();
  });
});

describe('building the chain', () => {
  it.each([
    [100_000, 1],
    [500_000, 1],
    [500_001, 2],
    [5_000_000, 2],
    [6_000_000, 3],
    [null, 1],
  ])('a total of %s cents needs %s steps', (total, steps) => {
    expect(buildApprovalChain(policy(), total, userName).steps).toHaveLength(steps);
  });

  it('names approvers and roles; the snapshot owns its arrays', () => {
    const def = policy({
      steps: [
        { aboveCents: null, approverUserIds: [ANA, BEN], approverRoleId: Role.Administrator },
      ],
    });
    const chain = buildApprovalChain(def, 1, userName);
    expect(chain.steps[0]!.approverLabel).toBe('Ana Clerk, Ben Manager or any Administrator');
    (def.steps[0]!.approverUserIds as number[]).push(DANA);
    expect(chain.steps[0]!.approverUserIds).toEqual([ANA, BEN]);
    expect(awaitingApprovalText(chain)).toBe(
      'Awaiting approval by Ana Clerk, Ben Manager or any Administrator (step 1 of 1)',
    );
  });
});

const at = '2026-11-28T12:00:00.000Z';
const approveAs = (chain: ApprovalChain, userId: number) =>
  withApproval(chain, { userId, userName: userName(userId), at, comment: null, byRule: null });

describe('the chain state machine', () => {
  const chain = buildApprovalChain(policy(), 6_000_000, userName);
  const base = { totalCents: 6_000_000, submittedByUserId: 77 };
  const actor = (
    userId: number,
    limitCents: number | null = null,
    roles: number[] = [Role.User],
  ) => ({
    userId,
    roles,
    limitCents,
  });

  it('a $60,000 invoice needs three approvals in order', () => {
    expect(awaitingApprovalText(chain)).toBe('Awaiting approval by Ana Clerk (step 1 of 3)');
    const first = decideChainApproval({ ...base, chain, actor: actor(ANA) });
    expect(first).toEqual({ allowed: true, stepIndex: 0, completes: false, onBehalfOf: null });
    const after1 = approveAs(chain, ANA);
    expect(awaitingApprovalText(after1)).toBe('Awaiting approval by Ben Manager (step 2 of 3)');
    const second = decideChainApproval({ ...base, chain: after1, actor: actor(BEN) });
    expect(second).toEqual({ allowed: true, stepIndex: 1, completes: false, onBehalfOf: null });
    const after2 = approveAs(after1, BEN);
    const third = decideChainApproval({ ...base, chain: after2, actor: actor(DANA) });
    expect(third).toEqual({ allowed: true, stepIndex: 2, completes: true, onBehalfOf: null });
    const done = approveAs(after2, DANA);
    expect(isChainComplete(done)).toBe(true);
    expect(awaitingApprovalText(done)).toBeNull();
    expect(decideChainApproval({ ...base, chain: done, actor: actor(OUTSIDER) })).toEqual({
      allowed: false,
      refusal: 'state',
      message: approvalMessages.chainComplete,
    });
    expect(withApproval(done, done.steps[0]!.approval!)).toBe(done);
  });

  it('refuses out of turn, non-approvers, a second approval by the same person', () => {
    expect(decideChainApproval({ ...base, chain, actor: actor(BEN) })).toEqual({
      allowed: false,
      refusal: 'role',
      message: 'Step 1 of 3 must be approved first (awaiting approval by Ana Clerk).',
    });
    expect(decideChainApproval({ ...base, chain, actor: actor(OUTSIDER) })).toMatchObject({
      refusal: 'role',
      message:
        'Awaiting approval by Ana Clerk (step 1 of 3); you are not an approver of this step.',
    });
    const both = buildApprovalChain(
      policy({
        steps: [
          { aboveCents: null, approverUserIds: [ANA, BEN], approverRoleId: null },
          { aboveCents: null, approverUserIds: [ANA, DANA], approverRoleId: null },
        ],
      }),
      1,
      userName,
    );
    expect(
      decideChainApproval({ ...base, chain: approveAs(both, ANA), actor: actor(ANA) }),
    ).toEqual({
      allowed: false,
      refusal: 'role',
      message: 'You already approved step 1 of 2; another approver must approve step 2.',
    });
  });

  it('refuses above the approver limit, and any limit without a total', () => {
    expect(decideChainApproval({ ...base, chain, actor: actor(ANA, 500_000) })).toEqual({
      allowed: false,
      refusal: 'role',
      message: 'Your approval limit is $5,000.00; this invoice totals $60,000.00.',
    });
    expect(decideChainApproval({ ...base, chain, actor: actor(ANA, 6_000_000) }).allowed).toBe(
      true,
    );
    expect(
      decideChainApproval({ ...base, totalCents: null, chain, actor: actor(ANA, 6_000_000) }),
    ).toMatchObject({ message: approvalMessages.noTotalWithLimit });
    expect(
      decideChainApproval({ ...base, totalCents: null, chain, actor: actor(ANA) }).allowed,
    ).toBe(true);
  });

  it("refuses approving one's own submission", () => {
    expect(
      decideChainApproval({ ...base, submittedByUserId: ANA, chain, actor: actor(ANA) }),
    ).toMatchObject({ refusal: 'role', message: approvalMessages.ownSubmission });
  });

  it('a role step admits every member holding the role', () => {
    const roleChain = buildApprovalChain(
      policy({
        steps: [{ aboveCents: null, approverUserIds: [], approverRoleId: Role.Administrator }],
      }),
      1,
      userName,
    );
    const admin = actor(OUTSIDER, null, [Role.Administrator]);
    expect(decideChainApproval({ ...base, chain: roleChain, actor: admin }).allowed).toBe(true);
    expect(decideChainApproval({ ...base, chain: roleChain, actor: actor(OUTSIDER) }).allowed).toBe(
      false,
    );
  });

  // Every step position × kind of actor × limit: exactly the waiting step's approver within
  // their limit is allowed.
  const limits = [null, 499_999, 6_000_000, 5_999_999];
  const kinds = ['current', 'earlier', 'later', 'stranger', 'submitter'] as const;
  for (const step of [0, 1, 2]) {
    for (const kind of kinds) {
      for (const limit of limits) {
        it(`step ${step + 1} × ${kind} × limit ${limit}`, () => {
          let c = chain;
          const approvers = [ANA, BEN, DANA];
          for (let i = 0; i < step; i += 1) c = approveAs(c, approvers[i]!);
          const userId =
            kind === 'current'
              ? approvers[step]!
              : kind === 'earlier'
                ? (approvers[step - 1] ?? OUTSIDER)
                : kind === 'later'
                  ? (approvers[step + 1] ?? OUTSIDER)
                  : kind === 'submitter'
                    ? approvers[step]!
                    : OUTSIDER;
          const decision = decideChainApproval({
            chain: c,
            totalCents: 6_000_000,
            submittedByUserId: kind === 'submitter' ? userId : 77,
            actor: actor(userId, limit),
          });
          const withinLimit = limit === null || limit >= 6_000_000;
          expect(decision.allowed).toBe(kind === 'current' && withinLimit);
          if (!decision.allowed) expect(decision.refusal).toBe('role');
          else
            expect(decision).toEqual({
              allowed: true,
              stepIndex: step,
              completes: step === 2,
              onBehalfOf: null,
            });
          expect(currentStepIndex(c)).toBe(step);
        });
      }
    }
  }
});

describe('single approval and coding rules', () => {
  it('without a policy any user approves once', () => {
    const single = singleApprovalChain();
    expect(awaitingApprovalText(single)).toBe('Awaiting approval by any user (step 1 of 1)');
    const d = decideChainApproval({
      chain: single,
      totalCents: 1,
      submittedByUserId: null,
      actor: { userId: OUTSIDER, roles: [Role.User], limitCents: null },
    });
    expect(d).toEqual({ allowed: true, stepIndex: 0, completes: true, onBehalfOf: null });
  });

  it('a rule counts as the steps it may replace, keeping people’s approvals', () => {
    const chain = buildApprovalChain(policy(), 6_000_000, userName);
    const two = withRuleApproval(chain, 'Under $100k', 2, at);
    expect(two.steps.map((s) => s.approval?.byRule ?? null)).toEqual([
      'Under $100k',
      'Under $100k',
      null,
    ]);
    expect(awaitingApprovalText(two)).toBe('Awaiting approval by Dana Controller (step 3 of 3)');
    expect(isChainComplete(withRuleApproval(chain, 'All', null, at))).toBe(true);
    const byAna = withRuleApproval(approveAs(chain, ANA), 'R', 1, at);
    expect(byAna.steps[0]!.approval?.userId).toBe(ANA);
    expect(currentStepIndex(byAna)).toBe(1);
  });
});

describe('policy input', () => {
  const valid = {
    name: 'Standard',
    steps: [
      { approverUserIds: [ANA] },
      { above: '5,000', approverUserIds: [BEN] },
      { above: '$50000.00', approverRoleId: Role.Administrator },
    ],
  };
  it('reads amounts in cents and defaults the rest', () => {
    const out = zApprovalPolicyInput.parse(valid);
    expect(out.steps.map((s) => s.above)).toEqual([null, 500_000, 5_000_000]);
    expect(out).toMatchObject({ isActive: true, isDefault: false, partyId: null, minTotal: null });
  });
  it.each([
    [{ ...valid, name: ' ' }, 'Name is required'],
    [{ ...valid, steps: [] }, 'Add at least one step'],
    [{ ...valid, steps: [{ approverUserIds: [] }] }, approvalMessages.approverRequired],
    [
      { ...valid, steps: [{ above: '10', approverUserIds: [1] }] },
      approvalMessages.firstStepAlways,
    ],
    [
      {
        ...valid,
        steps: [
          valid.steps[0],
          { above: '500', approverUserIds: [2] },
          { above: '100', approverUserIds: [3] },
        ],
      },
      approvalMessages.stepsAscending,
    ],
    [{ ...valid, minTotal: '10', maxTotal: '5' }, approvalMessages.rangeOrder],
    [{ ...valid, minTotal: 'ten' }, 'Enter an amount like 5000.00'],
  ])('refuses %j', (input, message) => {
    const result = zApprovalPolicyInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
  it('an approve body is optional; its comment is trimmed', () => {
    expect(zApproveDocumentInput.parse(undefined)).toEqual({ comment: null });
    expect(zApproveDocumentInput.parse({ comment: '  ok ' })).toEqual({ comment: 'ok' });
    expect(zApproveDocumentInput.parse({ comment: '' })).toEqual({ comment: null });
  });
});
