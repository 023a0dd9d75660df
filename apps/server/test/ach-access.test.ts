import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { Role } from '@flowline/shared';
import { achs } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildOrgUnit, buildParty } from './helpers/ach-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let achId: number;
let payload: Record<string, unknown>;
const members = new Map<string, UserRow>();

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db);
  const admin = await buildMember(t.db, acme, [Role.Administrator]);
  members.set('User', await buildMember(t.db, acme, [Role.User]));
  members.set('ReadOnly', await buildMember(t.db, acme, [Role.ReadOnly]));
  members.set('Processor', await buildMember(t.db, acme, [Role.Processor]));
  const profile = await buildOrgUnit(t.db, acme);
  const party = await buildParty(t.db, acme, [profile]);
  payload = {
    bankName: 'First Bank',
    country: 'US',
    routingNumber: '011000015',
    accountNumber: '1234567',
    accountTypeId: 1,
    orgUnitIds: [profile.id],
    partyIds: [party.id],
  };
  const res = await t.as(admin, acme.id)({ method: 'POST', url: '/api/ach', payload });
  achId = res.json<{ id: number }>().id;
});

afterAll(() => t.close());

const calls = () => [
  { method: 'GET' as const, url: '/api/ach' },
  { method: 'GET' as const, url: `/api/ach/${achId}` },
  { method: 'GET' as const, url: '/api/ach/availableProfiles' },
  { method: 'GET' as const, url: '/api/ach/availableParties?orgUnitIds=1' },
  { method: 'POST' as const, url: '/api/ach', payload },
  { method: 'PUT' as const, url: `/api/ach/${achId}`, payload },
  { method: 'DELETE' as const, url: `/api/ach/${achId}` },
];

describe('ACH calls are for Administrators only', () => {
  it.each(['User', 'ReadOnly', 'Processor'])(
    '%s gets 403 on every call, nothing changes',
    async (role) => {
      const member = members.get(role);
      if (!member) throw new Error(role);
      for (const call of calls()) {
        const res = await t.as(member, acme.id)(call);
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().error.code).toBe('administrator_required');
      }
      const [row] = await t.db.select({ n: count() }).from(achs);
      expect(row?.n).toBe(1);
    },
  );

  it('needs a company and a sign-in', async () => {
    const member = members.get('User');
    if (!member) throw new Error('User');
    const noCompany = await t.as(member)({ method: 'GET', url: '/api/ach' });
    expect(noCompany.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/ach' });
    expect(anonymous.statusCode).toBe(401);
  });
});
