import { describe, expect, it } from 'vitest';
import { DocumentTypeId, PartyType, receivesTaxDocuments } from '@flowline/shared';
import { documentTypeSummaries } from '../../test/fixtures';
import { adminNavLinks, userNavLinks } from './nav-links';

describe('navigation links', () => {
  it('start with Home and the Inbox, list every type (1099 too) and skip accounting reports without the flag', () => {
    const labels = userNavLinks(documentTypeSummaries, { accountingReportFlag: false }).map(
      (l) => l.label,
    );
    expect(labels).toEqual([
      'Home',
      'Inbox',
      'AR Invoice',
      'W9',
      'ACH',
      'Division Order',
      'Pending Division Order',
      'Run Statement',
      'Owner Statement',
      '1099',
      'Field Ticket',
      'Payments',
    ]);
  });

  it('link the Field Ticket type to the field tickets screen (issue 32)', () => {
    const links = userNavLinks(documentTypeSummaries, { accountingReportFlag: false });
    expect(links.find((l) => l.label === 'Field Ticket')?.to).toBe('/field-tickets');
  });

  it("add 'Tax documents' before Payments for a company that receives 1099s (issue 31 item 5)", () => {
    const links = userNavLinks(
      documentTypeSummaries,
      { accountingReportFlag: false },
      { taxDocuments: receivesTaxDocuments([PartyType.Owner]) },
    );
    expect(links.slice(-2)).toEqual([
      { label: 'Tax documents', to: '/tax-documents', icon: 'tax' },
      { label: 'Payments', to: '/payment-runs', icon: 'payments' },
    ]);
    // Every type it receives stays listed too: statements and the 1099 list.
    expect(links.map((l) => l.label)).toEqual(
      expect.arrayContaining(['Run Statement', 'Owner Statement', '1099']),
    );
    expect(receivesTaxDocuments([PartyType.Vendor])).toBe(true);
    expect(receivesTaxDocuments([PartyType.Operator, PartyType.Purchaser])).toBe(false);
  });

  it('list Field Tickets for vendors and operators only (issue 32)', () => {
    const types = documentTypeSummaries;
    expect(types.some((t) => t.id === DocumentTypeId.FieldTicket)).toBe(true);
    const labels = (partyTypeIds: number[]) =>
      userNavLinks(types, { accountingReportFlag: false }, { partyTypeIds }).map((l) => l.label);
    expect(labels([PartyType.Vendor])).toContain('Field Ticket');
    expect(labels([PartyType.Operator])).toContain('Field Ticket');
    expect(labels([PartyType.Purchaser])).toContain('Field Ticket');
    expect(labels([PartyType.Owner])).not.toContain('Field Ticket');
    expect(labels([PartyType.Bank])).not.toContain('Field Ticket');
    expect(labels([PartyType.Owner])).toContain('AR Invoice');
  });

  it("give members who may approve 'My approvals' and 'Match exceptions' after the Inbox (issue 32)", () => {
    const links = userNavLinks(
      documentTypeSummaries,
      { accountingReportFlag: false },
      { canApprove: true },
    );
    expect(links.slice(1, 4).map((l) => [l.label, l.to])).toEqual([
      ['Inbox', '/inbox'],
      ['My approvals', '/my-approvals'],
      ['Match exceptions', '/exceptions'],
    ]);
    expect(
      userNavLinks(documentTypeSummaries, { accountingReportFlag: false }).map((l) => l.label),
    ).not.toContain('Match exceptions');
  });

  it('add the six accounting reports with the flag', () => {
    const links = userNavLinks(documentTypeSummaries, { accountingReportFlag: true });
    expect(links.filter((l) => /\/documentlist\/(9[5-9]|100)$/.test(l.to))).toHaveLength(6);
  });

  it('keep only Invitations in the admin list on mobile', () => {
    expect(adminNavLinks({ mobile: true })).toEqual([
      { label: 'Invitations', to: '/admin/invitations', icon: 'invitations' },
    ]);
    expect(adminNavLinks({ mobile: false })).toHaveLength(17);
  });
});
