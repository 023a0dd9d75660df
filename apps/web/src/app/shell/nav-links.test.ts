import { describe, expect, it } from 'vitest';
import { PartyType, receivesTaxDocuments } from '@flowline/shared';
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
      'Payments',
    ]);
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
