import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember } from './helpers/factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('service lookups (public)', () => {
  it('lists every ISO country, cacheable for an hour', async () => {
    const res = await get('/api/servicesLookup/Countries');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const list = res.json<{ code: string; name: string; isActive: boolean }[]>();
    expect(list).toHaveLength(249);
    expect(list).toContainEqual({ code: 'US', name: 'United States', isActive: true });
    expect(list).toContainEqual({ code: 'CA', name: 'Canada', isActive: true });
  });

  it('lists IANA time zones with their UTC offset', async () => {
    const list = (await get('/api/servicesLookup/Timezones')).json<
      { id: string; displayName: string }[]
    >();
    expect(list.length).toBeGreaterThan(300);
    const chicago = list.find((z) => z.id === 'America/Chicago');
    expect(chicago?.displayName).toMatch(/^\(UTC-0[56]:00\) America\/Chicago$/);
    expect(list.find((z) => z.id === 'UTC')?.displayName).toBe('(UTC+00:00) UTC');
    expect(
      list.find((z) => z.id === 'Asia/Kolkata' || z.id === 'Asia/Calcutta')?.displayName,
    ).toMatch(/^\(UTC\+05:30\)/);
  });

  it('serves states of the US (with DC and territories) and provinces of Canada', async () => {
    const us = (await get('/api/servicesLookup/States/US')).json<
      { code: string; name: string }[]
    >();
    expect(us).toHaveLength(57);
    expect(us).toContainEqual({ code: 'TX', name: 'Texas' });
    expect(us).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(us).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    const ca = (await get('/api/servicesLookup/States/ca')).json<unknown[]>();
    expect(ca).toHaveLength(13);
    expect(ca).toContainEqual({ code: 'QC', name: 'Quebec' });
    expect((await get('/api/servicesLookup/States/FR')).json()).toEqual([]);
  });

  it('serves tax types with their formats per country', async () => {
    expect((await get('/api/servicesLookup/TaxTypes/US')).json()).toEqual([
      { code: 'EIN', name: 'EIN', format: 'NN-NNNNNNN' },
      { code: 'SSN', name: 'SSN', format: 'NNN-NN-NNNN' },
    ]);
    expect((await get('/api/servicesLookup/TaxTypes/CA')).json()).toContainEqual({
      code: 'BN',
      name: 'Business Number',
      format: 'NNNNNNNNN',
    });
    expect((await get('/api/servicesLookup/TaxTypes/MX')).json()).toEqual([]);
  });

  it('refuses a malformed country code with 400', async () => {
    for (const url of ['/api/servicesLookup/States/USA', '/api/servicesLookup/TaxTypes/1x']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Must be a 2-letter country code');
    }
  });

  it('serves the all-lists, the by-country maps and locations', async () => {
    const allStates = (await get('/api/servicesLookup/AllStates')).json<{ country: string }[]>();
    expect(allStates).toHaveLength(70);
    expect(allStates).toContainEqual({ code: 'ON', name: 'Ontario', country: 'CA' });
    const allTaxTypes = (await get('/api/servicesLookup/AllTaxTypes')).json();
    expect(allTaxTypes).toContainEqual({
      code: 'EIN',
      name: 'EIN',
      format: 'NN-NNNNNNN',
      country: 'US',
    });
    const statesBy = (await get('/api/servicesLookup/AllStatesByCountry')).json<
      Record<string, unknown[]>
    >();
    expect(Object.keys(statesBy).sort()).toEqual(['CA', 'US']);
    expect(statesBy.US).toHaveLength(57);
    const taxBy = (await get('/api/servicesLookup/AllTaxTypesByCountry')).json<
      Record<string, unknown[]>
    >();
    expect(taxBy.CA).toContainEqual({ code: 'BN', name: 'Business Number', format: 'NNNNNNNNN' });
    const locations = (await get('/api/servicesLookup/Locations')).json<
      { code: string; states: unknown[] }[]
    >();
    expect(locations).toHaveLength(249);
    expect(locations.find((l) => l.code === 'US')?.states).toHaveLength(57);
    expect(locations.find((l) => l.code === 'DE')?.states).toEqual([]);
  });
});

describe('GET /lookups/roles', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/api/lookups/roles')).statusCode).toBe(401);
  });

  it('lists the assignable roles, without a company', async () => {
    const company = await buildCompany(t.db);
    const user = await buildMember(t.db, company, [Role.ReadOnly]);
    const res = await t.as(user)({ method: 'GET', url: '/api/lookups/roles' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, name: 'Administrator' },
      { id: 3, name: 'ReadOnly' },
      { id: 11, name: 'Processor' },
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the lookup, registration and terminology routes', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/servicesLookup/States/{country}',
        '/api/lookups/roles',
        '/api/companyRegistration',
        '/api/terminology/{terminologyId}',
      ]),
    );
  });
});
