import { describe, expect, it } from 'vitest';
import {
  availableDocumentActions,
  isDocumentReadOnly,
  isOwnerOnlyDocumentAction,
  isSignAndReturnFlow,
  OWNER_ONLY_DOCUMENT_ACTIONS,
  Role,
  UserType,
  type DocumentActions,
  type DocumentSide,
} from '../src/index';

/**
 * The expectation is written from the spec's wording (spec 1 §4, §6) with names instead of ids,
 * plus the permission layer of docs/document-screen.md; it shares no code with the rule.
 */
const templates: Record<number, string> = {
  1: 'unknown',
  2: 'invoice',
  3: 'pending division order',
  4: 'run statement',
  5: '1099',
  6: 'owner statement',
  7: 'suspense report',
  8: 'division of interest',
  9: 'summary by distribution',
  10: 'outside operator expense',
  11: 'AR invoice',
};
const statuses: Record<number, string> = {
  1: 'Sent',
  2: 'Received',
  3: 'Approved',
  4: 'Paid',
  5: 'Rejected',
  6: 'Resubmitted',
  7: 'New',
  8: 'Pending',
  9: 'Returned',
  10: 'Viewed',
};

// "A document is read-only when its template is one of: 1099, owner statement, run statement,
// suspense report, summary by distribution, division of interest, outside operator expense report"
const readOnlyTemplateNames = [
  '1099',
  'owner statement',
  'run statement',
  'suspense report',
  'summary by distribution',
  'division of interest',
  'outside operator expense',
];

interface Case {
  template: number;
  status: number | null;
  userType: number;
  side: DocumentSide;
  roles: number[];
}

function expected(c: Case): { readOnly: boolean; actions: DocumentActions } {
  const template = templates[c.template]!;
  // "A missing status is displayed as New."
  const status = c.status === null ? null : statuses[c.status]!;
  const shownStatus = status ?? 'New';
  // "... or when it has a route status that is not New, Rejected or Pending."
  const readOnly =
    readOnlyTemplateNames.includes(template) ||
    !['New', 'Rejected', 'Pending'].includes(shownStatus);
  const global = c.userType === 3;
  const readOnlyRole = c.roles.every((r) => r === 3);
  const owner = c.side === 'sent';
  const signAndReturn = template === 'pending division order' && c.side === 'received';

  // "Cancel: offered unless the template is one of the report/statement types above or pending
  // division order, and only when the document has no route status."
  const cancel =
    status === null &&
    !readOnlyTemplateNames.includes(template) &&
    template !== 'pending division order' &&
    owner &&
    !readOnlyRole;
  // "Delete: shown to global users when Cancel is not shown."
  const del = global && !cancel && !readOnlyRole;
  // "Close: shown for pending division order, owner statement, suspense report, summary by
  // distribution, division of interest, outside operator expense, a rejected AR invoice, or any
  // read-only document."
  // "Resubmit and Replace file: only for an invoice in Rejected status." (by its sender); issue 12
  // extends it to AR invoices.
  const resubmit =
    (template === 'invoice' || template === 'AR invoice') &&
    status === 'Rejected' &&
    owner &&
    !readOnlyRole;
  // "Send: shown when the flow is not sign-and-return, the document is not read-only and not in
  // resubmit" — and only the sender sends its never-sent upload.
  const send = !signAndReturn && !readOnly && owner && status === null && !readOnlyRole;
  // ... and (ours, issue 11 item 10) whenever neither Cancel nor Send would leave the screen.
  const close =
    [
      'pending division order',
      'owner statement',
      'suspense report',
      'summary by distribution',
      'division of interest',
      'outside operator expense',
    ].includes(template) ||
    (template === 'AR invoice' && status === 'Rejected') ||
    readOnly ||
    (!cancel && !send);
  // "The 'Return' button starts signing. It is disabled for global users."
  const returnSign = signAndReturn && !readOnly && !global && !readOnlyRole;
  // "Read-only documents hide upload and delete of attachments."
  const change = !readOnly && !readOnlyRole;
  return {
    readOnly,
    actions: {
      cancel,
      delete: del,
      close,
      send,
      returnSign,
      resubmit,
      replaceFile: resubmit,
      // Only the owner changes its document's metadata (issue 11 item 4).
      edit: change && owner,
      uploadAttachment: change,
      deleteAttachment: change,
    },
  };
}

const cases: Case[] = [];
for (let template = 1; template <= 11; template += 1) {
  for (const status of [null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    for (const userType of [UserType.Regular, UserType.Global]) {
      for (const side of ['sent', 'received'] as const) {
        for (const roles of [
          [Role.User],
          [Role.Administrator],
          [Role.ReadOnly],
          [Role.Processor],
        ]) {
          cases.push({ template, status, userType, side, roles });
        }
      }
    }
  }
}

const label = (c: Case) =>
  `template ${c.template} (${templates[c.template]}), status ${c.status ?? 'none'}, user type ${c.userType}, ${c.side}, roles ${c.roles.join('+')}`;

describe('document read-only rule and actions (every template × status × user type)', () => {
  it('covers 11 templates × 11 statuses × 2 user types × 2 sides × 4 roles', () => {
    expect(cases).toHaveLength(11 * 11 * 2 * 2 * 4);
  });

  it.each(cases.map((c) => [label(c), c] as const))('%s', (_label, c) => {
    const want = expected(c);
    expect(isDocumentReadOnly({ templateId: c.template, routeStatusId: c.status })).toBe(
      want.readOnly,
    );
    expect(
      availableDocumentActions({
        templateId: c.template,
        routeStatusId: c.status,
        side: c.side,
        userType: c.userType,
        roles: c.roles,
      }),
    ).toEqual(want.actions);
  });
});

describe('document rule examples from the spec sentences', () => {
  const base = { side: 'sent' as const, userType: UserType.Regular, roles: [Role.User] };

  it('offers Cancel and Send on a never-sent AR invoice, and Delete instead to Global users', () => {
    const regular = availableDocumentActions({ ...base, templateId: 11, routeStatusId: null });
    expect(regular).toMatchObject({ cancel: true, send: true, delete: false, close: false });
    const global = availableDocumentActions({
      ...base,
      userType: UserType.Global,
      templateId: 11,
      routeStatusId: 1,
    });
    expect(global).toMatchObject({ cancel: false, delete: true, send: false, close: true });
  });

  it('treats a missing status and New alike for read-only, but Cancel needs no status at all', () => {
    expect(isDocumentReadOnly({ templateId: 11, routeStatusId: undefined })).toBe(false);
    expect(isDocumentReadOnly({ templateId: 11, routeStatusId: 7 })).toBe(false);
    expect(availableDocumentActions({ ...base, templateId: 11, routeStatusId: 7 }).cancel).toBe(
      false,
    );
  });

  it('lets the receiver of a pending division order return it signed, except Global users', () => {
    expect(isSignAndReturnFlow(3, 'received')).toBe(true);
    expect(isSignAndReturnFlow(3, 'sent')).toBe(false);
    const received = { ...base, side: 'received' as const, templateId: 3, routeStatusId: 7 };
    expect(availableDocumentActions(received)).toMatchObject({
      returnSign: true,
      send: false,
      close: true,
      edit: false,
      uploadAttachment: true,
    });
    expect(availableDocumentActions({ ...received, userType: UserType.Global }).returnSign).toBe(
      false,
    );
    expect(availableDocumentActions({ ...received, isSignAndReturnFlow: false }).send).toBe(false);
  });

  it('offers Resubmit and Replace file only for a rejected (AR) invoice, and hides Send while resubmitting', () => {
    const rejected = availableDocumentActions({ ...base, templateId: 2, routeStatusId: 5 });
    expect(rejected).toMatchObject({ resubmit: true, replaceFile: true, edit: true });
    expect(availableDocumentActions({ ...base, templateId: 11, routeStatusId: 5 })).toMatchObject({
      resubmit: true,
      replaceFile: true,
      close: true,
    });
    expect(availableDocumentActions({ ...base, templateId: 3, routeStatusId: 5 })).toMatchObject({
      resubmit: false,
    });
    expect(
      availableDocumentActions({ ...base, templateId: 2, routeStatusId: null, inResubmit: true })
        .send,
    ).toBe(false);
  });

  it("lets the receiver read but never rewrite the sender's metadata; its own attachments stay", () => {
    // Red Mesa opens Permian's rejected AR invoice (issue 11 item 4).
    const received = availableDocumentActions({
      ...base,
      side: 'received',
      templateId: 11,
      routeStatusId: 5,
    });
    expect(received).toMatchObject({
      edit: false,
      send: false,
      cancel: false,
      close: true,
      uploadAttachment: true,
      deleteAttachment: true,
    });
    expect(availableDocumentActions({ ...base, templateId: 11, routeStatusId: 5 }).edit).toBe(true);
    expect(OWNER_ONLY_DOCUMENT_ACTIONS).toEqual(
      expect.arrayContaining(['edit', 'send', 'cancel', 'resubmit', 'replaceFile']),
    );
    expect(isOwnerOnlyDocumentAction('uploadAttachment')).toBe(false);
  });

  it('always offers Close when neither Cancel nor Send leaves the screen', () => {
    const receivedNew = availableDocumentActions({
      ...base,
      side: 'received',
      templateId: 11,
      routeStatusId: 7,
    });
    expect(receivedNew.close).toBe(true);
    const unsentInvoice = availableDocumentActions({
      ...base,
      templateId: 11,
      routeStatusId: null,
    });
    expect(unsentInvoice).toMatchObject({ cancel: true, send: true, close: false });
  });

  it('gives a ReadOnly member nothing that changes data, but Close on an unsent document', () => {
    const actions = availableDocumentActions({
      ...base,
      roles: [Role.ReadOnly],
      templateId: 11,
      routeStatusId: null,
    });
    expect(actions).toEqual({
      cancel: false,
      delete: false,
      close: true,
      send: false,
      returnSign: false,
      resubmit: false,
      replaceFile: false,
      edit: false,
      uploadAttachment: false,
      deleteAttachment: false,
    });
  });
});
