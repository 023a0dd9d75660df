// GET /api/session (issue 16 item 4): the session start in one call. It must answer exactly what
// the calls it stands for answer, and refuse exactly what they refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureFlag, PartyType, Role, UserType } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildParty } from './helpers/ach-factories';
import {
  addMembership,
  buildCompany,
  buildMember,
  buildUser,
  type CompanyRow,
  type UserRow,
} from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let quiet: CompanyRow;
let other: CompanyRow;
let dana: UserRow;
let stranger: UserRow;

beforeAll(async () => {
  t = await buildTestApp({ FEATURE_FLAGS: FeatureFlag.messaging });
  acme = await buildCompany(t.db, { name: 'Acme Vendor', partyTypes: [PartyType.Vendor] });
  quiet = await buildCompany(t.db, { name: 'Quiet Owner', partyTypes: [PartyType.Owner] });
  other = await buildCompany(t.db, { name: 'Other Secret Co' });
  const network = await buildCompany(t.db, { name: 'Network Co' });
  dana = await buildUser(t.db, { firstName: 'Dana', lastName: 'Brooks' });
  await addMembership(t.db, dana, acme, [Role.Administrator, Role.User]);
  await addMembership(t.db, dana, quiet, [Role.ReadOnly]);
  stranger = await buildMember(t.db, other, [Role.Administrator]);
  await buildParty(t.db, acme, [], { connectedCompanyId: network.id });
  // Not connected: a company with only this one has no connections.
  await buildParty(t.db, quiet, []);
  await buildParty(t.db, other, [], { name: 'Other Secret Connection' });
});
afterAll(() => t.close());

const session = (user: UserRow, companyId?: number) =>
  t.as(user, companyId)({ method: 'GET', url: '/api/session' });

describe('GET /api/session', () => {
  it('answers, with a Company-Id, what the four calls it replaces answer', async () => {
    const res = await session(dana, acme.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const as = t.as(dana, acme.id);
    const [companies, user, flags, terms, connected] = await Promise.all([
      as({ method: 'GET', url: '/api/company/allCompanies' }),
      as({ method: 'GET', url: '/api/users/current' }),
      as({ method: 'GET', url: '/api/featureflags' }),
      as({ method: 'GET', url: '/api/terminology' }),
      as({ method: 'GET', url: '/api/party/grid/search?partyStatus=connected&itemsPerPage=1' }),
    ]);
    expect(body.companies).toEqual(companies.json());
    expect(body.user).toEqual(user.json());
    expect(body.user.roles).toEqual([Role.Administrator, Role.User]);
    expect(body.company).toEqual({
      id: acme.id,
      featureFlags: flags.json(),
      terminology: terms.json(),
      hasConnections: true,
    });
    expect(body.company.featureFlags.messagingFlag).toBe(true);
    expect(connected.json().totalRecords).toBe(1);
  });

  it('says a company without a connected connection has none', async () => {
    const res = await session(dana, quiet.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().company).toMatchObject({ id: quiet.id, hasConnections: false });
    expect(res.json().user.roles).toEqual([Role.ReadOnly]);
  });

  it('answers without a Company-Id with the companies and the user without roles', async () => {
    const res = await session(dana);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.company).toBeNull();
    expect(body.companies.map((c: { name: string }) => c.name)).toEqual([
      'Acme Vendor',
      'Quiet Owner',
    ]);
    expect(body.user).toMatchObject({ id: dana.id, roles: [], mainRole: null });
    expect(body.user).toEqual(
      (await t.as(dana)({ method: 'GET', url: '/api/users/current' })).json(),
    );
  });

  it('needs a token (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(res.statusCode).toBe(401);
    const withCompany = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { 'company-id': String(acme.id) },
    });
    expect(withCompany.statusCode).toBe(401);
  });

  it("refuses another company's Company-Id (403) with none of its data", async () => {
    const res = await session(dana, other.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { message: 'You are not a member of the selected company', code: 'company_forbidden' },
    });
    expect(res.body).not.toContain('Other Secret');
    // Nor the other way round.
    const back = await session(stranger, acme.id);
    expect(back.statusCode).toBe(403);
    expect(back.body).not.toContain('Acme');
  });

  it('refuses a user blocked in the company, and one whose membership is inactive (403)', async () => {
    const blocked = await buildUser(t.db);
    await addMembership(t.db, blocked, acme, [Role.Administrator], { blocked: true });
    const res = await session(blocked, acme.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('company_forbidden');
    expect(res.body).not.toContain('Acme');
    // Without a company the blocked company is not among theirs either.
    const own = await session(blocked);
    expect(own.statusCode).toBe(200);
    expect(own.json().companies).toEqual([]);
    // …but the sign-in may say which company blocked them (issue 27 item 23), and only theirs.
    expect(own.json().blockedCompanies).toEqual([{ id: acme.id, name: 'Acme Vendor' }]);
    expect(own.body).not.toContain('Other Secret');
    expect((await session(dana)).json().blockedCompanies).toEqual([]);

    const inactive = await buildUser(t.db);
    await addMembership(t.db, inactive, acme, [Role.User], { isActive: false });
    expect((await session(inactive, acme.id)).statusCode).toBe(403);
    // Deactivated is not blocked: no company is named.
    expect((await session(inactive)).json().blockedCompanies).toEqual([]);
  });

  it('refuses an inactive company (403)', async () => {
    const closed = await buildCompany(t.db, { name: 'Closed Co', isActive: false });
    const member = await buildMember(t.db, closed, [Role.Administrator]);
    expect((await session(member, closed.id)).statusCode).toBe(403);
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999999999999'])(
    'refuses a malformed Company-Id %j (4xx)',
    async (value) => {
      const res = await t.as(dana)({
        method: 'GET',
        url: '/api/session',
        headers: { 'company-id': value },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain('Acme');
    },
  );

  it('refuses an unknown company id (403)', async () => {
    expect((await session(dana, 999_999)).statusCode).toBe(403);
  });

  it('gives a Global user their own memberships only', async () => {
    const global = await buildMember(t.db, acme, [Role.User], { userTypeId: UserType.Global });
    const res = await session(global, acme.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().companies.map((c: { id: number }) => c.id)).toEqual([acme.id]);
    expect((await session(global, other.id)).statusCode).toBe(403);
  });
});
