import { describe, expect, it } from 'vitest';
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
