// Issue 12 item 8: an accounting system calls the API with a company's key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, RouteStatus } from '@flowline/shared';
import type { TestApp } from './helpers/app';
import { buildDocument, routeOf } from './helpers/document-factories';
import {
  caller,
  openDocumentWorld,
  sendVendorInvoice,
  type DocumentWorld,
} from './helpers/document-world';
import { buildMember } from './helpers/factories';

let t: TestApp;
let w: DocumentWorld;
let asPurchaserAdmin: ReturnType<typeof caller>;

beforeAll(async () => {
  ({ t, w } = await openDocumentWorld());
  const admin = await buildMember(t.db, w.purchaser, [Role.Administrator]);
  asPurchaserAdmin = caller(t, admin, w.purchaser);
});
afterAll(() => t.close());

const withKey = (
  key: string,
  opts: {
    method?: 'GET' | 'POST' | 'DELETE';
    url: string;
    payload?: object;
    header?: 'bearer' | 'x-api-key';
    companyId?: number;
  },
) =>
  t.app.inject({
    method: opts.method ?? 'GET',
    url: opts.url,
    ...(opts.payload ? { payload: opts.payload } : {}),
    headers: {
      ...(opts.header === 'x-api-key' ? { 'x-api-key': key } : { authorization: `Bearer ${key}` }),
      ...(opts.companyId ? { 'company-id': String(opts.companyId) } : {}),
    },
  });

async function createKey(role: number, name = 'ERP') {
  const res = await asPurchaserAdmin({
    method: 'POST',
    url: '/api/apikeys',
    payload: { name, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; key: string; keyPrefix: string };
}

const sentInvoice = () => sendVendorInvoice(t, w);

describe('API keys', () => {
  it('shows the key once, lists it without the key, and authenticates either header', async () => {
    const created = await createKey(Role.Processor);
    expect(created.key).toMatch(/^flk_[A-Za-z0-9_-]{40,}$/);
    expect(created.key.startsWith(created.keyPrefix)).toBe(true);
    const list = await asPurchaserAdmin({ method: 'GET', url: '/api/apikeys' });
    expect(JSON.stringify(list.json())).not.toContain(created.key);
    expect(list.json()[0]).toMatchObject({ name: 'ERP', role: Role.Processor, revokedAt: null });

    const id = await sentInvoice();
    const read = await withKey(created.key, { url: `/api/documents/${id}` });
    expect(read.statusCode, read.body).toBe(200);
    const viaHeader = await withKey(created.key, {
      url: '/api/documentroute/inbox',
      header: 'x-api-key',
    });
    expect(viaHeader.statusCode, viaHeader.body).toBe(200);
    // The ERP approves and records a payment.
    expect(
      (await withKey(created.key, { method: 'POST', url: `/api/documents/${id}/approve` }))
        .statusCode,
    ).toBe(200);
    const paid = await withKey(created.key, {
      method: 'POST',
      url: '/api/payment',
      payload: { documentId: id, amount: '1250.00', paymentId: 'ERP-1' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await routeOf(t.db, id, w.vendor.id))?.routeStatusId).toBe(RouteStatus.Paid);
  });

  it('refuses a revoked key, a made-up key and another company', async () => {
    const created = await createKey(Role.Processor, 'Old ERP');
    const id = await sentInvoice();
    const foreign = await buildDocument(t.db, {
      owner: w.stranger,
      user: w.strangerUser,
      metadata: {},
    });
    expect((await withKey(created.key, { url: `/api/documents/${foreign.id}` })).statusCode).toBe(
      404,
    );
    const otherCompany = await withKey(created.key, {
      url: `/api/documents/${id}`,
      companyId: w.vendor.id,
    });
    expect(otherCompany.statusCode).toBe(403);
    expect(otherCompany.json().error.message).toBe('This API key belongs to another company.');

    expect(
      (await asPurchaserAdmin({ method: 'DELETE', url: `/api/apikeys/${created.id}` })).statusCode,
    ).toBe(204);
    const revoked = await withKey(created.key, { url: `/api/documents/${id}` });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe('The API key is not valid or was revoked.');
    expect(
      (
        await withKey('flk_made-up-key-that-does-not-exist-anywhere', {
          url: '/api/documentroute/inbox',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a ReadOnly key reads but cannot approve; keys cannot manage keys', async () => {
    const created = await createKey(Role.ReadOnly, 'Reporting');
    const id = await sentInvoice();
    expect((await withKey(created.key, { url: `/api/documents/${id}` })).statusCode).toBe(200);
    expect(
      (await withKey(created.key, { method: 'POST', url: `/api/documents/${id}/approve` }))
        .statusCode,
    ).toBe(403);
    const admin = await createKey(Role.Administrator, 'Admin key');
    const mint = await withKey(admin.key, {
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: 'x' },
    });
    expect(mint.statusCode).toBe(403);
  });

  it('only Administrators manage keys; bad input and other companies are refused', async () => {
    const asPurchaserUser = caller(t, w.purchaserUser, w.purchaser);
    expect((await asPurchaserUser({ method: 'GET', url: '/api/apikeys' })).statusCode).toBe(403);
    expect(
      (await asPurchaserUser({ method: 'POST', url: '/api/apikeys', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(403);
    const blank = await asPurchaserAdmin({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Name is required');
    const role = await asPurchaserAdmin({
      method: 'POST',
      url: '/api/apikeys',
      payload: { name: 'x', role: 2 },
    });
    expect(role.statusCode).toBe(400);
    const stranger = caller(t, w.strangerUser, w.stranger);
    const theirs = await createKey(Role.Processor, 'Theirs');
    expect(
      (await stranger({ method: 'DELETE', url: `/api/apikeys/${theirs.id}` })).statusCode,
    ).toBe(404);
    expect((await stranger({ method: 'GET', url: '/api/apikeys' })).json()).toEqual([]);
  });
});

describe('wrong keys (issue 28 item 6)', () => {
  const fromAddress = (key: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/users/current',
      remoteAddress,
      headers: { 'x-api-key': key },
    });

  it('limits failed attempts per address (429 + Retry-After) and shows them on the key', async () => {
    const created = await createKey(Role.ReadOnly, 'Guessed');
    // 20 wrong keys a minute (the default) from one address answer 401 …
    const guesses = Array.from({ length: 25 }, (_, i) =>
      i % 2 ? `${created.keyPrefix}${'x'.repeat(40)}${i}` : `flk_unknown${i}`,
    );
    const statuses: number[] = [];
    for (const guess of guesses)
      statuses.push((await fromAddress(guess, '198.51.100.61')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    // … then 429 with Retry-After, even for the right key from that address.
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    const right = await fromAddress(created.key, '198.51.100.61');
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('rate_limited');
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await fromAddress(created.key, '198.51.100.62')).statusCode).toBe(200);

    // The Administrator sees the failed attempts of the key whose prefix was guessed (10 of
    // the 20 counted ones), and its last use.
    const list = await asPurchaserAdmin({ method: 'GET', url: '/api/apikeys' });
    const shown = list
      .json<
        { id: number; failedAttempts: number; lastFailedAt: string | null; lastUsedAt: string }[]
      >()
      .find((k) => k.id === created.id);
    expect(shown?.failedAttempts).toBe(10);
    expect(shown?.lastFailedAt).toBeTruthy();
    expect(shown?.lastUsedAt).toBeTruthy();
  });
});
