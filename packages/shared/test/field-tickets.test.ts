import { describe, expect, it } from 'vitest';
import {
  DocumentTemplate,
  DocumentTypeId,
  PartyType,
  Role,
  RouteStatus,
  UserType,
  amountMatches,
  decideWorkflowMove,
  documentStatusTabs,
  fieldTicketStatusOf,
  isIsoDay,
  lineAmount,
  routeStatusesOf,
  ticketTotal,
  usesFieldTickets,
  zFieldTicketCreateInput,
  zFieldTicketSignoffInput,
  type WorkflowAction,
} from '../src/index';

describe('field ticket rules (issue 32)', () => {
  it('names the statuses the same on both sides', () => {
    expect(fieldTicketStatusOf(null)).toBe('draft');
    expect(fieldTicketStatusOf(RouteStatus.Sent)).toBe('sent');
    expect(fieldTicketStatusOf(RouteStatus.Received)).toBe('sent');
    expect(fieldTicketStatusOf(RouteStatus.Viewed)).toBe('viewed');
    expect(fieldTicketStatusOf(RouteStatus.Approved)).toBe('approved');
    expect(fieldTicketStatusOf(RouteStatus.Disputed)).toBe('disputed');
    expect(routeStatusesOf('draft')).toEqual([null, RouteStatus.New]);
    expect(documentStatusTabs(DocumentTypeId.FieldTicket)).toContain(RouteStatus.Disputed);
  });

  it('reads real days only and multiplies to the cent', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('3/2/2026')).toBe(false);
    expect(lineAmount('8', '95.00')).toBe('760.00');
    expect(lineAmount('2.5', '0.3333')).toBe('0.83');
    expect(lineAmount('-1', '10.005')).toBe('-10.01');
    expect(amountMatches('3', '33.333', '100.00')).toBe(true);
    expect(amountMatches('3', '33.333', '100.02')).toBe(false);
    expect(ticketTotal(['760.00', '964.00', '0.5'])).toBe('1724.50');
  });

  it('shows the Field Ticket list to vendors and operators', () => {
    expect(usesFieldTickets([PartyType.Vendor])).toBe(true);
    expect(usesFieldTickets([PartyType.Operator])).toBe(true);
    expect(usesFieldTickets([PartyType.Purchaser])).toBe(true);
    expect(usesFieldTickets([PartyType.Owner, PartyType.Bank])).toBe(false);
  });

  it('lets the operator view, approve and dispute a received ticket — nothing else', () => {
    const move = (
      action: WorkflowAction,
      routeStatusId: number | null,
      roles: number[] = [Role.User],
    ) =>
      decideWorkflowMove({
        action,
        templateId: DocumentTemplate.FieldTicket,
        documentTypeId: DocumentTypeId.FieldTicket,
        routeStatusId,
        side: 'received',
        userType: UserType.Regular,
        roles,
      });
    expect(move('view', RouteStatus.Received).allowed).toBe(true);
    expect(move('approve', RouteStatus.Received).allowed).toBe(true);
    expect(move('approve', RouteStatus.Disputed).allowed).toBe(true);
    expect(move('dispute', RouteStatus.Viewed).allowed).toBe(true);
    expect(move('approve', RouteStatus.Received, [Role.ReadOnly])).toMatchObject({
      allowed: false,
      refusal: 'role',
    });
    for (const action of ['reject', 'hold', 'assign', 'recordPayment', 'resubmit'] as const) {
      expect(move(action, RouteStatus.Received).allowed, action).toBe(false);
    }
  });

  it('validates a ticket and a sign-off with a message per field', () => {
    const bad = zFieldTicketCreateInput.safeParse({
      clientId: 'x',
      partyId: 1,
      fields: { docNumber: '', docServiceDate: '2026-13-01', docWellName: 'W' },
      lines: [{ description: 'a', quantity: 'two' }],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'clientId',
        'fields.docNumber',
        'fields.docServiceDate',
        'lines.0.quantity',
      ]),
    );
    const ok = zFieldTicketCreateInput.parse({
      clientId: '6f1c2b7e-8d4a-4f3e-9c1b-2a3d4e5f6a7b',
      partyId: 1,
      fields: { docNumber: ' FT-1 ', docServiceDate: '2026-03-01', docWellName: 'W' },
      lines: [{ description: 'a', quantity: 2, unitPrice: '$1,200.50' }],
    });
    expect(ok.fields.docNumber).toBe('FT-1');
    expect(ok.lines[0]).toMatchObject({ quantity: '2', unitPrice: '1200.50', itemCode: null });
    const signoff = zFieldTicketSignoffInput.safeParse({
      clientId: '6f1c2b7e-8d4a-4f3e-9c1b-2a3d4e5f6a7b',
      signerName: 'R',
      signedAt: '2026-03-01T10:00:00Z',
      signature: 'data:image/gif;base64,AAAA',
    });
    expect(signoff.error?.issues.map((i) => i.path.join('.'))).toEqual(['signature']);
  });
});
