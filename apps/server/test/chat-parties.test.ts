import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeatureFlag, Role } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildParty } from './helpers/ach-factories';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let mine: CompanyRow;
let partner: CompanyRow;
let reader: UserRow;

beforeAll(async () => {
  // Companies with messaging off are not offered (chat-limits.test.ts); here all have it.
  t = await buildTestApp({ FEATURE_FLAGS: FeatureFlag.messaging });
  mine = await buildCompany(t.db, { name: 'Mine Co' });
  partner = await buildCompany(t.db, { name: 'Partner Co', code: 'PARTNER' });
  const other = await buildCompany(t.db, { name: 'Other Co' });
  reader = await buildMember(t.db, mine, [Role.ReadOnly]);
  await buildParty(t.db, mine, [], { name: 'Zeta Partner', connectedCompanyId: partner.id });
  await buildParty(t.db, mine, [], {
    name: 'Alpha Gone',
    connectedCompanyId: partner.id,
    isDisconnected: true,
  });
  await buildParty(t.db, mine, [], { name: 'Beta Not Connected' });
  await buildParty(t.db, other, [], { name: 'Not Mine', connectedCompanyId: partner.id });
});
afterAll(() => t.close());

describe('GET /api/party/getChatParties', () => {
  it("lists only the company's live connections with the connected company's code", async () => {
    const res = await t.as(reader, mine.id)({ method: 'GET', url: '/api/party/getChatParties' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'Zeta Partner',
        userId: null,
        connectedCompanyCode: 'PARTNER',
        connectedCompanyId: partner.id,
      },
    ]);
  });

  it('needs a company the user belongs to', async () => {
    expect(
      (await t.as(reader, partner.id)({ method: 'GET', url: '/api/party/getChatParties' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/party/getChatParties' })).statusCode,
    ).toBe(401);
  });
});
