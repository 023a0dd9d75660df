import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoMessages, PartyType, Role } from '@flowline/shared';
import { parties } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';
import { multipartBody, type FilePart } from './helpers/multipart';

let t: TestApp;
let dataDir: string;
let acme: CompanyRow;
let partner: CompanyRow;
let stranger: CompanyRow;
let admin: UserRow;
let user: UserRow;
let readOnly: UserRow;
let partnerAdmin: UserRow;
let strangerAdmin: UserRow;

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .toFormat(format)
    .toBuffer();

async function upload(as: UserRow, company: CompanyRow, file: FilePart) {
  const { payload, headers } = await multipartBody([['file', file]]);
  return t.as(
    as,
    company.id,
  )({ method: 'POST', url: '/api/companyImage/upload', payload, headers });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-logo-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  [acme, partner, stranger] = [
    await buildCompany(t.db),
    await buildCompany(t.db),
    await buildCompany(t.db),
  ];
  admin = await buildMember(t.db, acme, [Role.Administrator]);
  user = await buildMember(t.db, acme, [Role.User]);
  readOnly = await buildMember(t.db, acme, [Role.ReadOnly]);
  partnerAdmin = await buildMember(t.db, partner, [Role.Administrator]);
  strangerAdmin = await buildMember(t.db, stranger, [Role.Administrator]);
  // The partner is connected to acme (its connection stands for acme on the network).
  await t.db.insert(parties).values({
    companyId: partner.id,
    partyTypeId: PartyType.Vendor,
    name: acme.name,
    number: 'V-1',
    connectedCompanyId: acme.id,
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('company logo', () => {
  it('fits an uploaded image into a 250×50 PNG served to the company', async () => {
    const res = await upload(admin, acme, {
      name: 'logo.png',
      data: await image('png'),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companyId: acme.id, updatedAt: expect.any(String) });

    const logo = await t.as(user, acme.id)({ method: 'GET', url: `/api/logo/${acme.id}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toContain('private');
    const meta = await sharp(logo.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 250, 50]);

    const own = await t.as(readOnly, acme.id)({ method: 'GET', url: '/api/logo' });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(logo.rawPayload)).toBe(true);

    const again = await t.as(
      user,
      acme.id,
    )({
      method: 'GET',
      url: `/api/logo/${acme.id}`,
      headers: { 'if-none-match': String(logo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['jpeg', 'gif', 'webp'] as const)(
    'accepts %s by content and stores PNG',
    async (format) => {
      const res = await upload(admin, acme, {
        name: 'logo.bin',
        data: await image(format, 60, 600),
      });
      expect(res.statusCode).toBe(200);
      const logo = await t.as(admin, acme.id)({ method: 'GET', url: '/api/logo' });
      const meta = await sharp(logo.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 250, 50]);
    },
  );

  it.each([
    [
      'text with an image name',
      { name: 'logo.png', data: Buffer.from('not an image'), type: 'image/png' },
    ],
    [
      'an SVG',
      {
        name: 'logo.svg',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      },
    ],
    [
      'a truncated PNG',
      { name: 'logo.png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
    ],
  ])('refuses %s with 415', async (_label, file: FilePart) => {
    const res = await upload(admin, acme, file);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(logoMessages.notAnImage);
  });

  it('refuses a file over 5 MB with 413 and the spec message', async () => {
    const res = await upload(admin, acme, {
      name: 'big.png',
      data: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The file is too large. The maximum size is 5 MB.');
  });

  it('refuses a file name over 175 characters and accepts exactly 175', async () => {
    const data = await image('png');
    const long = await upload(admin, acme, { name: `${'a'.repeat(172)}.png`, data });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('The file name is too long.');
    const exact = await upload(admin, acme, { name: `${'a'.repeat(171)}.png`, data });
    expect(exact.statusCode).toBe(200);
  });

  it('refuses a request without a file', async () => {
    const { payload, headers } = await multipartBody([]);
    const res = await t.as(
      admin,
      acme.id,
    )({ method: 'POST', url: '/api/companyImage/upload', payload, headers });
    expect(res.statusCode).toBe(400);
  });

  it('lets only administrators upload or remove the logo', async () => {
    const data = await image('png');
    for (const member of [user, readOnly]) {
      expect((await upload(member, acme, { name: 'x.png', data })).statusCode).toBe(403);
      const del = await t.as(member, acme.id)({ method: 'DELETE', url: '/api/companyImage' });
      expect(del.statusCode).toBe(403);
    }
  });

  it('shows a logo to connected companies only; others get 404', async () => {
    const seen = await t.as(
      partnerAdmin,
      partner.id,
    )({ method: 'GET', url: `/api/logo/${acme.id}` });
    expect(seen.statusCode).toBe(200);
    const hidden = await t.as(
      strangerAdmin,
      stranger.id,
    )({ method: 'GET', url: `/api/logo/${acme.id}` });
    expect(hidden.statusCode).toBe(404);
    // acme has no connection to the partner, so the partner's logo is not acme's to see.
    await upload(partnerAdmin, partner, { name: 'p.png', data: await image('png') });
    const reverse = await t.as(admin, acme.id)({ method: 'GET', url: `/api/logo/${partner.id}` });
    expect(reverse.statusCode).toBe(404);
  });

  it('removes the logo', async () => {
    const del = await t.as(admin, acme.id)({ method: 'DELETE', url: '/api/companyImage' });
    expect(del.statusCode).toBe(204);
    // Issue 11 item 21: no logo is an empty answer, not an error on every page.
    const logo = await t.as(admin, acme.id)({ method: 'GET', url: '/api/logo' });
    expect(logo.statusCode).toBe(204);
    expect(logo.rawPayload.length).toBe(0);
    const byId = await t.as(admin, acme.id)({ method: 'GET', url: `/api/logo/${acme.id}` });
    expect(byId.statusCode).toBe(204);
  });
});
