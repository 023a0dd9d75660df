import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import {
  buildCompany,
  buildMember,
  buildUser,
  addMembership,
  type CompanyRow,
  type UserRow,
} from './helpers/factories';

let t: TestApp;
let acme: CompanyRow;
let other: CompanyRow;
let alice: UserRow;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await buildCompany(t.db, { name: 'Acme Vendor' });
  other = await buildCompany(t.db, { name: 'Other Operator' });
  alice = await buildMember(t.db, acme, [Role.User]);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('bearer token verification', () => {
  it('refuses a tenant call without a token (401)', async () => {
    const res = await get('/api/featureflags', { 'company-id': String(acme.id) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { message: 'Authentication required', code: 'unauthorized' },
    });
  });

  it('refuses a malformed token (401)', async () => {
    const res = await get('/api/users/current', { authorization: 'Bearer not-a-jwt' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('refuses a token signed by another key (401)', async () => {
    // Right issuer, audience, subject and key id — only the key is not the issuer's.
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ email: alice.emailAddress })
      .setProtectedHeader({ alg: 'RS256', kid: t.keys.privateJwks.keys[0]!.kid })
      .setIssuer(t.config.oidc.issuer)
      .setAudience(t.config.oidc.audience)
      .setSubject(alice.externalId!)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const res = await get('/api/users/current', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    // The same claims under the issuer's key are accepted: the key alone made the difference.
    const genuine = await t.tokenFor(alice);
    expect(
      (await get('/api/users/current', { authorization: `Bearer ${genuine}` })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired token (401) and one for another audience (401)', async () => {
    const expired = await t.tokenFor(alice, { expiresIn: '-1m' });
    const res1 = await get('/api/users/current', { authorization: `Bearer ${expired}` });
    expect(res1.statusCode).toBe(401);
    expect(res1.json().error.code).toBe('token_expired');
    const wrongAudience = await t.tokenFor(alice, { audience: 'https://elsewhere.example/api' });
    expect(
      (await get('/api/users/current', { authorization: `Bearer ${wrongAudience}` })).statusCode,
    ).toBe(401);
    const wrongIssuer = await t.tokenFor(alice, { issuer: 'https://elsewhere.example/oidc' });
    expect(
      (await get('/api/users/current', { authorization: `Bearer ${wrongIssuer}` })).statusCode,
    ).toBe(401);
  });

  it('refuses a valid token of a subject that is not a Flowline user (403)', async () => {
    const res = await t.as({ externalId: 'nobody-here', emailAddress: 'nobody@test.example' })({
      method: 'GET',
      url: '/api/users/current',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('user_not_registered');
  });

  it('matches a user by e-mail when the subject is new, and binds the subject', async () => {
    const bob = await buildUser(t.db, { externalId: null, emailAddress: 'Bob.Smith@Test.example' });
    await addMembership(t.db, bob, acme, [Role.ReadOnly]);
    const res = await t.as({ externalId: 'idp-bob', emailAddress: 'bob.smith@test.example' })({
      method: 'GET',
      url: '/api/users/current',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().externalId).toBe('idp-bob');
    // Now found by subject, whatever the e-mail claim says.
    const again = await t.as({ externalId: 'idp-bob' })({
      method: 'GET',
      url: '/api/users/current',
    });
    expect(again.json().id).toBe(bob.id);
  });
});

describe('Company-Id', () => {
  it('is required on tenant calls (403)', async () => {
    const res = await t.as(alice)({ method: 'GET', url: '/api/featureflags' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('company_required');
  });

  it('refuses a company the user does not belong to (403), never its data', async () => {
    const res = await t.as(alice, other.id)({ method: 'GET', url: '/api/featureflags' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { message: 'You are not a member of the selected company', code: 'company_forbidden' },
    });
  });

  it('refuses a malformed or unknown company id (403)', async () => {
    expect(
      (
        await t.as(alice)({
          method: 'GET',
          url: '/api/featureflags',
          headers: { 'company-id': 'abc' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.as(alice, 999999)({ method: 'GET', url: '/api/featureflags' })).statusCode,
    ).toBe(403);
  });

  it('refuses a blocked or inactive membership (403)', async () => {
    const blocked = await buildUser(t.db);
    await addMembership(t.db, blocked, acme, [Role.User], { blocked: true });
    expect(
      (await t.as(blocked, acme.id)({ method: 'GET', url: '/api/featureflags' })).statusCode,
    ).toBe(403);
    const inactive = await buildUser(t.db);
    await addMembership(t.db, inactive, acme, [Role.User], { isActive: false });
    expect(
      (await t.as(inactive, acme.id)({ method: 'GET', url: '/api/featureflags' })).statusCode,
    ).toBe(403);
  });

  it('accepts a member with a valid token (200)', async () => {
    const res = await t.as(alice, acme.id)({ method: 'GET', url: '/api/featureflags' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      messagingFlag: false,
      networkMatchEnhancementFlag: false,
      accountingReportFlag: false,
      aiDocTypeDetectionAndExtractionFlag: false,
    });
  });
});

describe('public endpoints', () => {
  it('serves health without a token', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves the sign-in configuration for the SPA', async () => {
    const res = await get('/api/auth/config');
    expect(res.json()).toMatchObject({
      authority: t.config.oidc.issuer,
      clientId: 'flowline-web',
      postLogoutRedirectPath: '/landingpage',
    });
  });

  it('serves the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/users/current');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('route_not_found');
  });

  it('sends security headers', async () => {
    const res = await get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
