import { describe, expect, it } from 'vitest';
import {
  DocumentTemplate,
  DocumentTypeId,
  Role,
  RouteStatus,
  UserType,
  WORKFLOW_TRANSITIONS,
  availableReceiverActions,
  decideWorkflowMove,
  statusAfterPayments,
  statusAfterRelease,
  type WorkflowAction,
  type WorkflowSide,
} from '../src/index';

const statuses = [null, ...Object.values(RouteStatus)];
const actions: WorkflowAction[] = [
  'send',
  'view',
  'approve',
  'reject',
  'recordPayment',
  'resubmit',
  'return',
  'hold',
  'releaseHold',
  'dispute',
  'assign',
];
const sides: WorkflowSide[] = ['sent', 'received'];
const people = [
  { name: 'Administrator', roles: [Role.Administrator], userType: UserType.Regular },
  { name: 'User', roles: [Role.User], userType: UserType.Regular },
  { name: 'Processor', roles: [Role.Processor], userType: UserType.Regular },
  { name: 'ReadOnly', roles: [Role.ReadOnly], userType: UserType.Regular },
  { name: 'Global', roles: [Role.Administrator], userType: UserType.Global },
];
const templates = [
  {
    name: 'AR invoice',
    templateId: DocumentTemplate.ArInvoice,
    documentTypeId: DocumentTypeId.ArInvoice,
  },
  { name: 'invoice', templateId: DocumentTemplate.Invoice, documentTypeId: 2 },
  {
    name: 'pending division order',
    templateId: DocumentTemplate.PendingDivisionOrder,
    documentTypeId: 3,
  },
  { name: '1099', templateId: DocumentTemplate.Form1099, documentTypeId: 4 },
];

/** The expected answer, written out from the table in docs/document-workflow.md. */
function expected(
  action: WorkflowAction,
  template: (typeof templates)[number],
  status: number | null,
  side: WorkflowSide,
  person: (typeof people)[number],
): 'allowed' | 'role' | 'state' {
  const invoice =
    template.templateId !== DocumentTemplate.PendingDivisionOrder &&
    template.templateId !== DocumentTemplate.Form1099;
  const pdo = template.templateId === DocumentTemplate.PendingDivisionOrder;
  const S = RouteStatus;
  const row: Record<
    WorkflowAction,
    { ok: boolean; side: WorkflowSide; from: (number | null)[]; data: boolean; global: boolean }
  > = {
    send: { ok: true, side: 'sent', from: [null, S.New, S.Pending], data: true, global: true },
    view: { ok: invoice, side: 'received', from: [S.Received], data: false, global: false },
    approve: {
      ok: invoice,
      side: 'received',
      from: [S.Received, S.Viewed, S.Disputed],
      data: true,
      global: false,
    },
    reject: {
      ok: invoice,
      side: 'received',
      from: [S.Received, S.Viewed, S.Approved, S.OnHold, S.Disputed],
      data: true,
      global: false,
    },
    recordPayment: {
      ok: invoice,
      side: 'received',
      from: [S.Approved, S.Paid],
      data: true,
      global: false,
    },
    resubmit: {
      ok: invoice,
      side: 'sent',
      from: [S.Rejected, S.Disputed],
      data: true,
      global: true,
    },
    hold: {
      ok: invoice,
      side: 'received',
      from: [S.Received, S.Viewed],
      data: true,
      global: false,
    },
    releaseHold: { ok: invoice, side: 'received', from: [S.OnHold], data: true, global: false },
    dispute: {
      ok: invoice,
      side: 'received',
      from: [S.Received, S.Viewed, S.OnHold],
      data: true,
      global: false,
    },
    return: { ok: pdo, side: 'received', from: [S.New, null], data: true, global: false },
    assign: {
      ok: invoice,
      side: 'received',
      from: [S.Received, S.Viewed, S.Disputed, S.OnHold],
      data: true,
      global: false,
    },
  };
  const r = row[action];
  if (!r.ok) return 'state';
  if (r.side !== side) return 'role';
  if (!r.global && person.userType === UserType.Global) return 'role';
  if (r.data && (person.roles as readonly number[]).includes(Role.ReadOnly)) return 'role';
  if (!r.from.includes(status)) return 'state';
  return 'allowed';
}

describe('the route-status transition table', () => {
  for (const template of templates)
    for (const action of actions)
      for (const side of sides)
        for (const person of people)
          it(`${template.name}: ${action} by ${person.name} on the ${side} side`, () => {
            for (const status of statuses) {
              const decision = decideWorkflowMove({
                action,
                templateId: template.templateId,
                documentTypeId: template.documentTypeId,
                routeStatusId: status,
                side,
                userType: person.userType,
                roles: person.roles,
              });
              const want = expected(action, template, status, side, person);
              const got = decision.allowed ? 'allowed' : decision.refusal;
              expect(got, `status ${status}`).toBe(want);
            }
          });

  it('leads approve to Approved, reject to Rejected and resubmit to Resubmitted', () => {
    const to = (action: WorkflowAction) =>
      WORKFLOW_TRANSITIONS.find((t) => t.action === action)?.to;
    expect(to('approve')).toBe(RouteStatus.Approved);
    expect(to('reject')).toBe(RouteStatus.Rejected);
    expect(to('resubmit')).toBe(RouteStatus.Resubmitted);
    expect(to('view')).toBe(RouteStatus.Viewed);
    expect(to('return')).toBe(RouteStatus.Returned);
  });

  it('holds on the receiver only, disputes on both, releases to what the sender kept', () => {
    const to = (action: WorkflowAction) =>
      WORKFLOW_TRANSITIONS.find((t) => t.action === action)?.to;
    expect(to('hold')).toBe(RouteStatus.OnHold);
    expect(to('dispute')).toBe(RouteStatus.Disputed);
    expect(to('releaseHold')).toBe('computed');
    expect(statusAfterRelease(RouteStatus.Sent)).toBe(RouteStatus.Received);
    expect(statusAfterRelease(RouteStatus.Viewed)).toBe(RouteStatus.Viewed);
  });

  it('explains a refused hold, release and dispute', () => {
    const base = {
      templateId: DocumentTemplate.ArInvoice,
      side: 'received' as const,
      userType: UserType.Regular,
      roles: [Role.User],
    };
    const message = (action: WorkflowAction, routeStatusId: number) => {
      const d = decideWorkflowMove({ ...base, action, routeStatusId });
      return d.allowed ? null : d.message;
    };
    expect(message('hold', RouteStatus.Approved)).toBe(
      'A document in status Approved cannot be put on hold.',
    );
    expect(message('releaseHold', RouteStatus.Viewed)).toBe('This invoice is not on hold.');
    expect(message('dispute', RouteStatus.Disputed)).toBe(
      'A document in status Disputed cannot be disputed.',
    );
  });

  it('names the status in a refused move', () => {
    const decision = decideWorkflowMove({
      action: 'approve',
      templateId: DocumentTemplate.ArInvoice,
      routeStatusId: RouteStatus.Paid,
      side: 'received',
      userType: UserType.Regular,
      roles: [Role.Administrator],
    });
    expect(decision).toEqual({
      allowed: false,
      refusal: 'state',
      message: 'A document in status Paid cannot be approved.',
    });
  });

  it('offers the receiver Approve and Reject on a received invoice, payments once approved', () => {
    const base = {
      templateId: DocumentTemplate.ArInvoice,
      side: 'received' as const,
      userType: UserType.Regular,
      roles: [Role.Processor],
    };
    expect(availableReceiverActions({ ...base, routeStatusId: RouteStatus.Viewed })).toEqual({
      approve: true,
      reject: true,
      recordPayment: false,
      hold: true,
      releaseHold: false,
      dispute: true,
    });
    expect(availableReceiverActions({ ...base, routeStatusId: RouteStatus.Approved })).toEqual({
      approve: false,
      reject: true,
      recordPayment: true,
      hold: false,
      releaseHold: false,
      dispute: false,
    });
    expect(availableReceiverActions({ ...base, routeStatusId: RouteStatus.OnHold })).toEqual({
      approve: false,
      reject: true,
      recordPayment: false,
      hold: false,
      releaseHold: true,
      dispute: true,
    });
  });
});

describe('statusAfterPayments', () => {
  it('is Paid once the payments cover the total, compared in cents', () => {
    expect(statusAfterPayments(150_000, 150_000)).toBe(RouteStatus.Paid);
    expect(statusAfterPayments(149_999, 150_000)).toBe(RouteStatus.Approved);
    expect(statusAfterPayments(0, 0)).toBe(RouteStatus.Approved);
    expect(statusAfterPayments(10, null)).toBe(RouteStatus.Paid);
    expect(statusAfterPayments(0, null)).toBe(RouteStatus.Approved);
  });
});
