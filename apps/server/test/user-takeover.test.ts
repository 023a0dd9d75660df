// Issue 10 item 2: an Administrator cannot change the identity (sign-in e-mail, names, title,
// phone) of a person who also belongs to another company.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { orgUnits, users } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { addMembership, buildCompany, buildMember, type UserRow } from './helpers/factories';

let t: TestApp;
let victim: UserRow;
let attacker: UserRow;
let attackerCompanyId: number;
let profileId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const home = await buildCompany(t.db, { name: 'Victim Home Co' });
  const attackerCompany = await buildCompany(t.db, { name: 'Attacker Co' });
  attackerCompanyId = attackerCompany.id;
  victim = await buildMember(t.db, home, [Role.Administrator], {
    emailAddress: 'victim@home.example',
    firstName: 'Vera',
    lastName: 'Victim',
    title: 'Controller',
  });
  attacker = await buildMember(t.db, attackerCompany, [Role.Administrator], {
    emailAddress: 'mallory@attacker.example',
  });
  // The state after the first step of the attack: the victim is a member of both companies.
  await addMembership(t.db, victim, attackerCompany, [Role.User]);
  const [p] = await t.db
    .insert(orgUnits)
    .values({ companyId: attackerCompany.id, name: 'HQ', code: 'HQ' })
    .returning();
  profileId = p!.id;
});
afterAll(() => t.close());

const asAttacker = (method: 'PUT' | 'POST', url: string, payload: object) =>
  t.as(attacker, attackerCompanyId)({ method, url: `/api${url}`, payload });

describe('identity of a person shared with another company', () => {
  it('refuses to change the sign-in e-mail (403) and changes nothing', async () => {
    const res = await asAttacker('POST', `/users/${victim.id}/emailaddress`, {
      emailAddress: 'mallory+victim@attacker.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('identity_not_owned');
    const [row] = await t.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${victim.id}`);
    expect(row?.emailAddress).toBe('victim@home.example');
  });

  it('refuses to change names, title or phone (403), yet role changes still work', async () => {
    const edit = {
      firstName: 'Vera',
      lastName: 'Victim',
      title: 'Controller',
      phoneNumber: null,
      mainRole: Role.Processor,
      additionalRoles: [],
      userOrgUnitIds: [profileId],
      isActive: true,
    };
    const renamed = await asAttacker('PUT', `/users/${victim.id}`, { ...edit, lastName: 'Owned' });
    expect(renamed.statusCode, renamed.body).toBe(403);
    expect(renamed.json().error.message).toContain('My profile');
    const retitled = await asAttacker('PUT', `/users/${victim.id}`, { ...edit, title: 'Intern' });
    expect(retitled.statusCode).toBe(403);
    const [row] = await t.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${victim.id}`);
    expect(row).toMatchObject({ lastName: 'Victim', title: 'Controller' });

    const roleOnly = await asAttacker('PUT', `/users/${victim.id}`, {
      ...edit,
      mainRole: Role.ReadOnly,
    });
    expect(roleOnly.statusCode).toBe(200);
  });

  it('still lets an Administrator edit someone who belongs to their company only', async () => {
    const own = await buildMember(t.db, { id: attackerCompanyId } as never, [Role.User], {
      emailAddress: 'own@attacker.example',
    });
    const res = await asAttacker('POST', `/users/${own.id}/emailaddress`, {
      emailAddress: 'own2@attacker.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().emailAddress).toBe('own2@attacker.example');
  });
});
