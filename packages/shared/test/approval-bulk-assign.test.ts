// Issue 29 item 5 'Assign to' (docs/approvals.md 'Bulk work'): who may assign a waiting approval
// step, to whom, and what the chain becomes; the bulk inputs' validation.
import { describe, expect, it } from 'vitest';
import {
  BULK_DOWNLOAD_MAX,
  Role,
  buildApprovalChain,
  decideAssignment,
  decideChainApproval,
  singleApprovalChain,
  waitingApprovers,
  withApproval,
  withAssignment,
  withEscalation,
  zBulkApproveInput,
  zBulkAssignInput,
  zBulkDownloadInput,
  type ApprovalChain,
  type AssignmentInput,
} from '../src/index';

const ANA = 1;
const BEN = 2;
const DANA = 3;
const ED = 5;
const names: Record<number, string> = { 1: 'Ana', 2: 'Ben', 3: 'Dana', 5: 'Ed' };

const twoSteps = (): ApprovalChain =>
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

const input = (over: Partial<AssignmentInput> = {}): AssignmentInput => ({
  chain: twoSteps(),
  actor: { userId: ANA, roles: [Role.User] },
  assignee: { userId: BEN, name: 'Ben', limitCents: null },
  totalCents: 100_00,
  submittedByUserId: null,
  ...over,
});

const approval = (userId: number) => ({
  userId,
  userName: names[userId]!,
  at: '2026-01-01T00:00:00Z',
  comment: null,
  byRule: null,
});

describe('decideAssignment', () => {
  it('lets an approver of the waiting step, a delegate of one, or an Administrator assign it', () => {
    expect(decideAssignment(input())).toEqual({ allowed: true, stepIndex: 0 });
    expect(
      decideAssignment(input({ actor: { userId: DANA, roles: [Role.Administrator] } })).allowed,
    ).toBe(true);
    expect(
      decideAssignment(
        input({
          actor: { userId: ED, roles: [Role.User] },
          actorDelegators: [{ userId: ANA, roles: [Role.User] }],
        }),
      ).allowed,
    ).toBe(true);
  });

  it('refuses anyone else (403) and says who the step waits for', () => {
    const refused = decideAssignment(input({ actor: { userId: ED, roles: [Role.User] } }));
    expect(refused).toEqual({
      allowed: false,
      refusal: 'role',
      message:
        'Awaiting approval by Ana (step 1 of 2); only its approvers or an Administrator can assign it.',
    });
  });

  it('refuses an assignee who submitted it, approved a step, or whose limit is too low (409)', () => {
    const message = (over: Partial<AssignmentInput>) => {
      const d = decideAssignment(input(over));
      return d.allowed ? null : `${d.refusal}: ${d.message}`;
    };
    expect(message({ submittedByUserId: BEN })).toBe(
      'state: Ben submitted this invoice and cannot approve it.',
    );
    const afterAna = withApproval(twoSteps(), approval(ANA));
    expect(
      message({
        chain: afterAna,
        actor: { userId: DANA, roles: [Role.Administrator] },
        assignee: { userId: ANA, name: 'Ana', limitCents: null },
      }),
    ).toBe('state: Ana already approved step 1 of 2; one person approves one step of a chain.');
    expect(message({ assignee: { userId: BEN, name: 'Ben', limitCents: 50_00 } })).toBe(
      "state: Ben's approval limit is $50.00; this invoice totals $100.00.",
    );
    expect(
      message({ totalCents: null, assignee: { userId: BEN, name: 'Ben', limitCents: 50_00 } }),
    ).toBe(
      "state: This invoice has no total, so Ben's approval limit does not allow approving it.",
    );
    // A limit that covers the total exactly is enough.
    expect(message({ assignee: { userId: BEN, name: 'Ben', limitCents: 100_00 } })).toBeNull();
  });

  it('refuses a complete chain and a step that already waits for the assignee alone', () => {
    const done = withApproval(withApproval(twoSteps(), approval(ANA)), approval(DANA));
    const complete = decideAssignment(
      input({ chain: done, actor: { userId: DANA, roles: [Role.Administrator] } }),
    );
    expect(complete.allowed ? null : complete.refusal).toBe('state');
    const same = decideAssignment(
      input({ assignee: { userId: ANA, name: 'Ana', limitCents: null } }),
    );
    expect(same.allowed ? null : same.message).toBe('Step 1 of 2 already waits for Ana alone.');
  });

  it('lets any member who may approve assign an invoice without a policy', () => {
    const d = decideAssignment(
      input({ chain: singleApprovalChain(), actor: { userId: ED, roles: [Role.Processor] } }),
    );
    expect(d).toEqual({ allowed: true, stepIndex: 0 });
  });
});

describe('withAssignment', () => {
  const assignment = {
    userId: BEN,
    userName: 'Ben',
    byUserId: ANA,
    byName: 'Ana',
    at: '2026-01-02T00:00:00Z',
    comment: 'You know this vendor',
  };

  it('makes the waiting step wait for the assignee alone and remembers the assignment', () => {
    const role = withApproval(twoSteps(), approval(ANA));
    const next = withAssignment(role, { ...assignment, userId: ED, userName: 'Ed' });
    expect(next.steps[0]).toEqual(role.steps[0]);
    expect(next.steps[1]).toMatchObject({
      approverUserIds: [ED],
      approverRoleId: null,
      approverLabel: 'Ed',
      assigned: { userName: 'Ed', byName: 'Ana', previousLabel: 'any Administrator' },
    });
    expect(waitingApprovers(next)).toEqual({ stepIndex: 1, userIds: [ED], roleId: null });
  });

  it('hands the approval to the assignee: they may approve, the earlier approvers may not', () => {
    const next = withAssignment(twoSteps(), assignment);
    const decide = (userId: number) =>
      decideChainApproval({
        chain: next,
        actor: { userId, roles: [Role.User], limitCents: null },
        totalCents: 100_00,
        submittedByUserId: null,
      }).allowed;
    expect(decide(BEN)).toBe(true);
    expect(decide(ANA)).toBe(false);
  });

  it('still escalates an assigned step to the Administrators', () => {
    const escalated = withEscalation(withAssignment(twoSteps(), assignment), [DANA]);
    expect(escalated.steps[0]!.approverUserIds).toEqual([BEN, DANA]);
  });

  it('changes nothing on a complete chain', () => {
    const done = withApproval(withApproval(twoSteps(), approval(ANA)), approval(DANA));
    expect(withAssignment(done, assignment)).toBe(done);
  });
});

describe('bulk inputs', () => {
  it('takes an optional comment with bulk approve and assign', () => {
    expect(zBulkApproveInput.parse({ documentIds: [1], comment: '  ok  ' }).comment).toBe('ok');
    expect(zBulkApproveInput.parse({ documentIds: [1] }).comment).toBeNull();
    expect(zBulkAssignInput.parse({ documentIds: [1, 2], userId: 3, comment: '' })).toEqual({
      documentIds: [1, 2],
      userId: 3,
      comment: null,
    });
  });

  it('refuses empty selections, a missing user, long comments and too large a zip', () => {
    const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.error?.issues[0]?.message;
    expect(issue(zBulkAssignInput.safeParse({ documentIds: [], userId: 1 }))).toBe(
      'Select at least one document',
    );
    expect(zBulkAssignInput.safeParse({ documentIds: [1] }).success).toBe(false);
    expect(
      issue(zBulkApproveInput.safeParse({ documentIds: [1], comment: 'x'.repeat(2001) })),
    ).toBe('The comment can be at most 2000 characters');
    const ids = Array.from({ length: BULK_DOWNLOAD_MAX + 1 }, (_, i) => i + 1);
    expect(issue(zBulkDownloadInput.safeParse({ documentIds: ids }))).toBe(
      'Select at most 200 documents to download at once',
    );
  });
});
