import { describe, expect, it } from 'vitest';
import {
  PartyType,
  Role,
  UserType,
  canSendDocumentType,
  documentStatusTabs,
  parseStatusFilter,
  routeStatusNames,
  sendToSearchLabel,
} from '../src/index';

const names = (ids: readonly number[] | null) =>
  ids?.map((id) => routeStatusNames[id as keyof typeof routeStatusNames]);

describe('document list status tabs', () => {
  it('AR invoices: every status except New, Pending and Returned', () => {
    expect(names(documentStatusTabs(93))).toEqual([
      'Sent',
      'Received',
      'Approved',
      'Paid',
      'Rejected',
      'Resubmitted',
      'Viewed',
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
    expect(parseStatusFilter('11')).toBe(0);
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
