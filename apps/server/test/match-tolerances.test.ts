// Issue 32 item 4: each company's three-way match tolerances — the defaults until an
// Administrator sets them, members read them, other roles are refused, each company its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_TOLERANCES, Role } from '@flowline/shared';
import type { TestApp } from './helpers/app';
import { buildMember } from './helpers/factories';
import { caller, openDocumentWorld, type DocumentWorld } from './helpers/document-world';

let t: TestApp;
let w: DocumentWorld;

beforeAll(async () => {
  ({ t, w } = await openDocumentWorld());
});
afterAll(() => t.close());

describe('match tolerances', () => {
  it('are the defaults until set; an Administrator sets them, audited; members read them', async () => {
    const asAdmin = caller(t, w.purchaserQuiet, w.purchaser);
    const asUser = caller(t, w.purchaserUser, w.purchaser);
    expect((await asUser({ url: '/api/matchtolerances' })).json()).toEqual({
      ...DEFAULT_MATCH_TOLERANCES,
      isSet: false,
    });
    const set = await asAdmin({
      method: 'PUT',
      url: '/api/matchtolerances',
      payload: { quantityPercent: '2.50', priceAmount: '$0.5', totalPercent: 1 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      quantityPercent: '2.5',
      priceAmount: '0.5',
      totalPercent: '1',
      isSet: true,
    });
    expect((await asUser({ url: '/api/matchtolerances' })).json()).toMatchObject({
      quantityPercent: '2.5',
    });
    const audit = await asAdmin({ url: '/api/admin/audit' });
    expect(audit.body).toContain('Changed the three-way match tolerances');
    // Another company keeps its own (the defaults).
    const vendorAdmin = await buildMember(t.db, w.vendor, [Role.Administrator]);
    expect(
      (await caller(t, vendorAdmin, w.vendor)({ url: '/api/matchtolerances' })).json(),
    ).toMatchObject({
      isSet: false,
    });
  });

  it('refuses other roles (403) and bad values (400 with the message), nothing written', async () => {
    const asUser = caller(t, w.purchaserUser, w.purchaser);
    const body = { quantityPercent: '1', priceAmount: '1', totalPercent: '1' };
    expect(
      (await asUser({ method: 'PUT', url: '/api/matchtolerances', payload: body })).statusCode,
    ).toBe(403);
    const asAdmin = caller(t, w.purchaserQuiet, w.purchaser);
    const before = (await asAdmin({ url: '/api/matchtolerances' })).json();
    for (const [field, value, message] of [
      ['quantityPercent', '101', 'Quantity tolerance (%) must be a number from 0 to 100 like 2.5'],
      ['priceAmount', '-1', 'Price tolerance ($) must be a number from 0 to 1000000 like 0.50'],
      ['totalPercent', '1.234', 'Total tolerance (%) must be a number from 0 to 100 like 1'],
    ] as const) {
      const res = await asAdmin({
        method: 'PUT',
        url: '/api/matchtolerances',
        payload: { ...body, [field]: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await asAdmin({ url: '/api/matchtolerances' })).json()).toEqual(before);
  });
});
