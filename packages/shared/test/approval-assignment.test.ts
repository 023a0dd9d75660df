// Issue 29 item 3: delegation inside the chain decision, the waiting step's approvers (the
// 'My approvals' index), escalation and business days (docs/approvals.md).
import { describe, expect, it } from 'vitest';
import {
  Role,
  RouteStatus,
  approvableStatuses,
  buildApprovalChain,
  businessDaysBetween,
  decideChainApproval,
  waitingApprovers,
  withApproval,
  withEscalation,
  zApprovalDelegationInput,
  zApprovalSettings,
  zInboxQuery,
  type ApprovalChain,
  type ApprovalDelegator,
} from '../src/index';

const ANA = 1;
const BEN = 2;
const DANA = 3;
const ED = 5;
const names: Record<number, string> = { 1: 'Ana', 2: 'Ben', 3: 'Dana', 5: 'Ed' };

const chain = (): ApprovalChain =>
  buildApprovalChain(
    {
      id: 1,
      name: 'Two steps',
      isActive: true,
      isDefault: true,
      partyId: null,
      codingPrefix: null,
      accountCodes: [],
      minTotalCents: null,
      maxTotalCents: null,
      steps: [
        { aboveCents: null, approverUserIds: [ANA], approverRoleId: null },
        { aboveCents: null, approverUserIds: [], approverRoleId: Role.Administrator },
      ],
    },
    100_00,
    (id) => names[id] ?? `User ${id}`,
  );

const actor = (
  userId: number,
  roles: number[] = [Role.User],
  limitCents: number | null = null,
) => ({
  userId,
  roles,
  limitCents,
});
const delegator = (
  userId: number,
  roles: number[] = [Role.User],
  limitCents: number | null = null,
): ApprovalDelegator => ({ ...actor(userId, roles, limitCents), name: names[userId]! });

const approved = (c: ApprovalChain, userId: number, onBehalfOfUserId: number | null = null) =>
  withApproval(c, {
    userId,
    userName: names[userId]!,
    at: '2026-11-30T10:00:00Z',
    comment: null,
    byRule: null,
    onBehalfOfUserId,
    onBehalfOf: onBehalfOfUserId ? names[onBehalfOfUserId]! : null,
  });

describe('approving for a delegator', () => {
  const base = { totalCents: 100_00, submittedByUserId: null };

  it('approves in their own name first, else for a delegator who could', () => {
    expect(decideChainApproval({ ...base, chain: chain(), actor: actor(ANA) })).toMatchObject({
      allowed: true,
      onBehalfOf: null,
    });
    const forAna = decideChainApproval({
      ...base,
      chain: chain(),
      actor: actor(ED),
      delegators: [delegator(ANA)],
    });
    expect(forAna).toMatchObject({ allowed: true, stepIndex: 0, onBehalfOf: { userId: ANA } });
    expect(decideChainApproval({ ...base, chain: chain(), actor: actor(ED) })).toMatchObject({
      allowed: false,
      refusal: 'role',
    });
  });

  it("keeps the delegator's limit and the one-step-per-person rule", () => {
    expect(
      decideChainApproval({
        ...base,
        chain: chain(),
        actor: actor(ED),
        delegators: [delegator(ANA, [Role.User], 50_00)],
      }),
    ).toMatchObject({ allowed: false });
    // Ed approved step 1 for Ana: step 2 (Administrators) is refused to Ed, even for Dana.
    const afterEd = approved(chain(), ED, ANA);
    const decision = decideChainApproval({
      ...base,
      chain: afterEd,
      actor: actor(ED),
      delegators: [delegator(DANA, [Role.Administrator])],
    });
    expect(decision).toMatchObject({ allowed: false, refusal: 'role' });
    // Ana, whose step Ed approved for her, may not approve the next one either.
    expect(
      decideChainApproval({ ...base, chain: afterEd, actor: actor(ANA, [Role.Administrator]) }),
    ).toMatchObject({ allowed: false });
    // Dana may.
    expect(
      decideChainApproval({ ...base, chain: afterEd, actor: actor(DANA, [Role.Administrator]) }),
    ).toMatchObject({ allowed: true, completes: true });
  });

  it('never approves an invoice the delegate submitted', () => {
    expect(
      decideChainApproval({
        ...base,
        submittedByUserId: ED,
        chain: chain(),
        actor: actor(ED),
        delegators: [delegator(ANA)],
      }),
    ).toMatchObject({ allowed: false });
  });
});

describe('the waiting step and escalation', () => {
  it('names who the waiting step waits for, null once complete', () => {
    expect(waitingApprovers(chain())).toEqual({ stepIndex: 0, userIds: [ANA], roleId: null });
    const step2 = approved(chain(), ANA);
    expect(waitingApprovers(step2)).toEqual({
      stepIndex: 1,
      userIds: [],
      roleId: Role.Administrator,
    });
    expect(waitingApprovers(approved(step2, DANA))).toBeNull();
  });

  it('escalation adds the Administrators to the waiting step and says so, once', () => {
    const escalated = withEscalation(chain(), [DANA, BEN]);
    expect(escalated.steps[0]!.approverUserIds).toEqual([ANA, DANA, BEN]);
    expect(escalated.steps[0]!.approverLabel).toBe('Ana or Administrators (escalated)');
    expect(withEscalation(escalated, [DANA]).steps[0]!.approverLabel).toBe(
      'Ana or Administrators (escalated)',
    );
    // Other steps and complete chains are left alone.
    expect(escalated.steps[1]).toEqual(chain().steps[1]);
    const done = approved(approved(chain(), ANA), DANA);
    expect(withEscalation(done, [BEN])).toEqual(done);
  });
});

describe('business days and statuses', () => {
  const monday = new Date('2026-11-30T09:00:00Z');
  const plus = (days: number) => new Date(monday.getTime() + days * 86_400_000);

  it('counts Monday to Friday only', () => {
    expect(businessDaysBetween(monday, plus(0))).toBe(0);
    expect(businessDaysBetween(monday, plus(4))).toBe(4);
    expect(businessDaysBetween(monday, plus(5))).toBe(4);
    expect(businessDaysBetween(monday, plus(6))).toBe(4);
    expect(businessDaysBetween(monday, plus(7))).toBe(5);
  });

  it('invoices wait for approval in the statuses the transition table allows', () => {
    expect([...approvableStatuses].sort()).toEqual(
      [RouteStatus.Received, RouteStatus.Viewed, RouteStatus.Disputed].sort(),
    );
  });
});

describe('input', () => {
  it('delegations: real dates, the last not before the first', () => {
    const ok = zApprovalDelegationInput.safeParse({
      toUserId: 2,
      startsOn: '2026-12-01',
      endsOn: '2026-12-03',
    });
    expect(ok.success).toBe(true);
    const reversed = zApprovalDelegationInput.safeParse({
      toUserId: 2,
      startsOn: '2026-12-03',
      endsOn: '2026-12-01',
    });
    expect(reversed.error?.issues[0]?.message).toBe('The last day cannot be before the first day');
    const bad = zApprovalDelegationInput.safeParse({ toUserId: 2, startsOn: '1/2/26', endsOn: '' });
    expect(bad.success).toBe(false);
    for (const day of ['2026-02-30', '2026-13-01', '0000-01-01']) {
      const unreal = zApprovalDelegationInput.safeParse({
        toUserId: 2,
        startsOn: day,
        endsOn: day,
      });
      expect(unreal.error?.issues[0]?.message, day).toBe('Enter a real date');
    }
  });

  it('settings: days in range, escalation after the reminder', () => {
    expect(zApprovalSettings.safeParse({ remindAfterDays: 2, escalateAfterDays: 5 }).success).toBe(
      true,
    );
    expect(
      zApprovalSettings.safeParse({ remindAfterDays: null, escalateAfterDays: null }).success,
    ).toBe(true);
    expect(zApprovalSettings.safeParse({ remindAfterDays: 5, escalateAfterDays: 5 }).success).toBe(
      false,
    );
    expect(
      zApprovalSettings.safeParse({ remindAfterDays: 0, escalateAfterDays: null }).success,
    ).toBe(false);
  });

  it("the Inbox's waitingForMe flag", () => {
    expect(zInboxQuery.parse({ waitingForMe: 'true' }).waitingForMe).toBe(true);
    expect(zInboxQuery.parse({}).waitingForMe).toBe(false);
    expect(zInboxQuery.safeParse({ waitingForMe: 'yes' }).success).toBe(false);
  });
});
