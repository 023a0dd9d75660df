import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVITE_EXPIRY_DAYS,
  Role,
  connectionStatuses,
  deriveConnectionStatus,
  type ConnectionStatus,
} from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { buildOrgUnit, buildParty, type PartyRow } from './helpers/ach-factories';

let t: TestApp;
let acme: CompanyRow;
let admin: UserRow;
const rows: PartyRow[] = [];
const day = 24 * 60 * 60 * 1000;

/** Every combination of the columns the status depends on, with fresh, old and missing times. */
beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db);
  const network = await buildCompany(t.db);
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  const profile = await buildOrgUnit(t.db, acme);
  const times = [
    null,
    new Date(Date.now() - day),
    new Date(Date.now() - (INVITE_EXPIRY_DAYS + 2) * day),
  ];
  let n = 0;
  for (const isDisconnected of [false, true])
    for (const connected of [false, true])
      for (const suggested of [false, true])
        for (const isInviteSent of [false, true])
          for (const inviteSentAt of times)
            for (const connectionRequestedAt of times)
              for (const rejected of [false, true])
                for (const byOther of [false, true]) {
                  if (!isInviteSent && (inviteSentAt || connectionRequestedAt)) continue;
                  rows.push(
                    await buildParty(t.db, acme, [profile], {
                      name: `Status ${String(n++).padStart(3, '0')}`,
                      isDisconnected,
                      connectedCompanyId: connected ? network.id : null,
                      suggestedCompanyId: suggested ? network.id : null,
                      isInviteSent,
                      inviteSentAt,
                      connectionRequestedAt,
                      inviteRejectedAt: rejected ? new Date(Date.now() - day) : null,
                      disconnectedByCompanyId: byOther ? network.id : null,
                    }),
                  );
                }
});
afterAll(() => t.close());

describe('GET /api/party/grid/search partyStatus', () => {
  it.each(connectionStatuses)('%s: the SQL filter matches the shared rule', async (status) => {
    const res = await t.as(
      admin,
      acme.id,
    )({
      method: 'GET',
      url: `/api/party/grid/search?partyStatus=${status}&itemsPerPage=100000`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      items: { id: number; partyStatus: ConnectionStatus }[];
      totalRecords: number;
    };
    const expected = rows.filter((r) => deriveConnectionStatus(r) === status).map((r) => r.id);
    expect(body.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(
      expected.sort((a, b) => a - b),
    );
    expect(body.totalRecords).toBe(expected.length);
    expect(body.items.every((i) => i.partyStatus === status)).toBe(true);
  });

  it('pages in SQL, sorted by name, with profiles and company names', async () => {
    const res = await t.as(
      admin,
      acme.id,
    )({
      method: 'GET',
      url: '/api/party/grid/search?page=2&itemsPerPage=5&orderByDirection=desc&query=status',
    });
    const body = res.json() as {
      items: { name: string; companyOrgUnits: unknown[] }[];
      totalRecords: number;
    };
    expect(body.totalRecords).toBe(rows.length);
    expect(body.items).toHaveLength(5);
    expect(body.items[0]?.name).toBe(`Status ${String(rows.length - 6).padStart(3, '0')}`);
    expect(body.items[0]?.companyOrgUnits).toHaveLength(1);
  });

  it('defaults to 50 per page and filters by type and activity', async () => {
    const res = await t.as(admin, acme.id)({ method: 'GET', url: '/api/party/grid/search' });
    expect(res.json().items).toHaveLength(50);
    const vendors = await t.as(
      admin,
      acme.id,
    )({
      method: 'GET',
      url: '/api/party/grid/search?filterVendorsOnly=true&isActive=true',
    });
    expect(vendors.json().totalRecords).toBe(0);
  });
});
