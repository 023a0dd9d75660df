import { describe, expect, it } from 'vitest';
import {
  PartyType,
  Role,
  UserType,
  RouteStatus,
  canSendDocumentType,
  counterpartyColumnName,
  documentStatusTabs,
  routeStatusLabel,
  typeListColumns,
  parseStatusFilter,
  routeStatusNames,
  sendToSearchLabel,
} from '../src/index';

const names = (ids: readonly number[] | null) =>
  ids?.map((id) => routeStatusNames[id as keyof typeof routeStatusNames]);

describe('document list status tabs', () => {
  it('AR invoices: every status except New, Pending and Returned (hold and dispute included)', () => {
    expect(names(documentStatusTabs(93))).toEqual([
      'Sent',
      'Received',
      'Approved',
      'Paid',
      'Rejected',
      'Resubmitted',
      'Viewed',
      'On hold',
      'Disputed',
    ]);
  });

  it('pending division orders: only New and Returned; other types: none', () => {
    expect(names(documentStatusTabs(94))).toEqual(['New', 'Returned']);
    expect(documentStatusTabs(87)).toBeNull();
    expect(documentStatusTabs(6)).toBeNull();
  });

  it('reads the status query: known ids, else All', () => {
    expect(parseStatusFilter('5')).toBe(5);
    expect(parseStatusFilter('0')).toBe(0);
    expect(parseStatusFilter('12')).toBe(12);
    expect(parseStatusFilter('13')).toBe(0);
    expect(parseStatusFilter('abc')).toBe(0);
    expect(parseStatusFilter(null)).toBe(0);
  });
});

describe('Send button', () => {
  const vendorUser = {
    roles: [Role.User],
    userType: UserType.Regular,
    partyTypeIds: [PartyType.Vendor],
  };

  it('shows for vendor companies on AR invoices to users who change data', () => {
    expect(canSendDocumentType(vendorUser, 93)).toBe(true);
    expect(canSendDocumentType({ ...vendorUser, roles: [Role.Administrator] }, 93)).toBe(true);
    expect(canSendDocumentType({ ...vendorUser, roles: [Role.Processor] }, 93)).toBe(true);
  });

  it('hides for other types, ReadOnly, Global users and non-vendor companies', () => {
    expect(canSendDocumentType(vendorUser, 94)).toBe(false);
    expect(canSendDocumentType({ ...vendorUser, roles: [Role.ReadOnly] }, 93)).toBe(false);
    expect(canSendDocumentType({ ...vendorUser, userType: UserType.Global }, 93)).toBe(false);
    expect(
      canSendDocumentType(
        { ...vendorUser, partyTypeIds: [PartyType.Operator, PartyType.Purchaser] },
        93,
      ),
    ).toBe(false);
  });

  it('labels the Send To search by how many connections there are', () => {
    expect(sendToSearchLabel(0, 'Connections')).toBe('Search');
    expect(sendToSearchLabel(1, 'Connections')).toBe('Search');
    expect(sendToSearchLabel(12, 'Connections')).toBe('Search 12 Connections');
  });
});

describe('type list columns (issue 27 item 1)', () => {
  const col = (key: string, name = key) => ({ key, name });
  const ar = [
    col('docNumber'),
    col('docInvoiceDate'),
    col('docARPurchaserName', 'Purchaser'),
    col('docTotal'),
    col('docDueDate'),
  ];
  const counterparty = (name: string) => col('counterparty', name);
  const keys = (cs: { key: string; name: string }[]) => cs.map((c) => `${c.key}:${c.name}`);

  it('a receiver sees the sender (From) where the purchaser, its own company, was', () => {
    expect(keys(typeListColumns(93, ar, { sent: false, received: true }, counterparty))).toEqual([
      'docNumber:docNumber',
      'docInvoiceDate:docInvoiceDate',
      'counterparty:From',
      'docTotal:docTotal',
      'docDueDate:docDueDate',
    ]);
  });

  it('a sender keeps the recipient column, which names whom each document went to', () => {
    expect(typeListColumns(93, ar, { sent: true, received: false }, counterparty)).toEqual(ar);
  });

  it('a list with both sides names the other company as From / To instead of the recipient', () => {
    const both = typeListColumns(93, ar, { sent: true, received: true }, counterparty);
    expect(both.map((c) => c.name)).toContain('From / To');
    expect(both.map((c) => c.key)).not.toContain('docARPurchaserName');
  });

  it('types without a recipient column get the counterparty after their first column', () => {
    const w9 = [col('docLegalName'), col('docTaxId')];
    expect(keys(typeListColumns(6, w9, { sent: true, received: false }, counterparty))).toEqual([
      'docLegalName:docLegalName',
      'counterparty:To',
      'docTaxId:docTaxId',
    ]);
    const received = typeListColumns(6, w9, { sent: false, received: true }, counterparty);
    expect(received[1]).toEqual(col('counterparty', 'From'));
  });

  it('1099s, division orders and owner statements drop their recipient on the receiving side', () => {
    const sides = { sent: false, received: true };
    const form1099 = [col('docTaxYear'), col('docRecipientName'), col('docAmount')];
    expect(typeListColumns(90, form1099, sides, counterparty).map((c) => c.key)).toEqual([
      'docTaxYear',
      'counterparty',
      'docAmount',
    ]);
    const order = [col('docOwnerName'), col('docPropertyName')];
    for (const type of [87, 94, 91]) {
      expect(typeListColumns(type, order, sides, counterparty).map((c) => c.key)).toEqual([
        'counterparty',
        'docPropertyName',
      ]);
    }
  });

  it('names the counterparty column by the sides', () => {
    expect(counterpartyColumnName({ sent: false, received: true })).toBe('From');
    expect(counterpartyColumnName({ sent: true, received: false })).toBe('To');
    expect(counterpartyColumnName({ sent: true, received: true })).toBe('From / To');
  });
});

describe('returned status label (issue 27 item 9)', () => {
  it('says how a returned document came back', () => {
    expect(routeStatusLabel(RouteStatus.Returned, 'signed')).toBe('Returned signed');
    expect(routeStatusLabel(RouteStatus.Returned, 'unsigned')).toBe('Returned unsigned');
    expect(routeStatusLabel(RouteStatus.Returned, null)).toBe('Returned');
    expect(routeStatusLabel(RouteStatus.Sent, 'signed')).toBe('Sent');
    expect(routeStatusLabel(null)).toBe('New');
  });
});
