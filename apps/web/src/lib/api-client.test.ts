import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, installFakeApi, json } from '../test/fake-api';
import {
  apiRequest,
  configureApiAuth,
  ensureFreshAccessToken,
  setApiCompanyId,
  tokenExpiry,
  type ApiAuth,
} from './api-client';
import { ApiError } from './api-error';
import { getCountTolerating404 } from './count';
import { WARM_REQUEST_MAX_AGE_MS, WARM_REQUESTS_GLOBAL, type WarmRequest } from './warm-requests';

function fakeAuth(overrides: Partial<ApiAuth> = {}): ApiAuth {
  return {
    getAccessToken: () => Promise.resolve('old-token'),
    renewAccessToken: vi.fn(() => Promise.resolve('new-token')),
    onSessionExpired: vi.fn(),
    ...overrides,
  };
}

const zThing = z.object({ id: z.number() });

beforeEach(() => setApiCompanyId(12));
afterEach(() => {
  vi.unstubAllGlobals();
  configureApiAuth(null);
  setApiCompanyId(null);
});

describe('apiRequest', () => {
  it('sends the bearer token and the selected company, and parses the body', async () => {
    configureApiAuth(fakeAuth());
    const api = installFakeApi({ 'GET /api/things/1': () => ({ id: 1, extra: 'dropped' }) });
    await expect(apiRequest('/things/1', { schema: zThing })).resolves.toEqual({ id: 1 });
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(api.requests[0]?.headers.get('Company-Id')).toBe('12');
  });

  it('leaves the Company-Id out when told to', async () => {
    configureApiAuth(fakeAuth());
    const api = installFakeApi({ 'POST /api/log': () => new Response(null, { status: 204 }) });
    await apiRequest('/log', { method: 'POST', body: { a: 1 }, company: false });
    expect(api.requests[0]?.headers.has('Company-Id')).toBe(false);
    expect(api.requests[0]?.body).toEqual({ a: 1 });
  });

  it('throws the server error message as an ApiError', async () => {
    configureApiAuth(fakeAuth());
    installFakeApi({
      'GET /api/things/2': () => apiError(409, 'ACH already exists', 'ach_conflict'),
    });
    const error = await apiRequest('/things/2', { schema: zThing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'ach_conflict',
      message: 'ACH already exists',
    });
  });

  it('renews once on 401 and retries with the new token', async () => {
    const auth = fakeAuth();
    configureApiAuth(auth);
    const api = installFakeApi({
      'GET /api/things/3': (req) =>
        req.headers.get('Authorization') === 'Bearer new-token'
          ? { id: 3 }
          : apiError(401, 'Expired'),
    });
    await expect(apiRequest('/things/3', { schema: zThing })).resolves.toEqual({ id: 3 });
    expect(auth.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(api.requests).toHaveLength(2);
    expect(auth.onSessionExpired).not.toHaveBeenCalled();
  });

  it('starts a new sign-in when renewal fails', async () => {
    const auth = fakeAuth({ renewAccessToken: vi.fn(() => Promise.resolve(null)) });
    configureApiAuth(auth);
    installFakeApi({ 'GET /api/things/4': () => apiError(401, 'Expired') });
    await expect(apiRequest('/things/4', { schema: zThing })).rejects.toMatchObject({
      status: 401,
    });
    expect(auth.onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('reports an unexpected response shape', async () => {
    configureApiAuth(fakeAuth());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi({ 'GET /api/things/5': () => json({ id: 'five' }) });
    await expect(apiRequest('/things/5', { schema: zThing })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});

describe('work that waited offline (the field tickets queue)', () => {
  const jwt = (exp: number) =>
    `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

  it('reports a 401 the renewal did not cure without starting a sign-in', async () => {
    const auth = fakeAuth({ renewAccessToken: vi.fn(() => Promise.resolve(null)) });
    configureApiAuth(auth);
    installFakeApi({ 'POST /api/field-tickets': () => apiError(401, 'Expired', 'unauthorized') });
    const call = apiRequest('/field-tickets', {
      method: 'POST',
      body: {},
      sessionExpiry: 'report',
    });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(auth.onSessionExpired).not.toHaveBeenCalled();
  });

  it('renews a token that expired while offline before sending, and says when it cannot', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(tokenExpiry(jwt(now + 10))).toBe(now + 10);
    expect(tokenExpiry('opaque')).toBeNull();

    const live = fakeAuth({ getAccessToken: () => Promise.resolve(jwt(now + 3600)) });
    configureApiAuth(live);
    await expect(ensureFreshAccessToken()).resolves.toBe(true);
    expect(live.renewAccessToken).not.toHaveBeenCalled();

    const expired = fakeAuth({ getAccessToken: () => Promise.resolve(jwt(now - 60)) });
    configureApiAuth(expired);
    await expect(ensureFreshAccessToken()).resolves.toBe(true);
    expect(expired.renewAccessToken).toHaveBeenCalledTimes(1);

    const gone = fakeAuth({
      getAccessToken: () => Promise.resolve(null),
      renewAccessToken: vi.fn(() => Promise.resolve(null)),
    });
    configureApiAuth(gone);
    await expect(ensureFreshAccessToken()).resolves.toBe(false);
  });
});

describe('badge counts', () => {
  it('read a missing endpoint as zero', async () => {
    configureApiAuth(fakeAuth());
    installFakeApi({});
    await expect(getCountTolerating404('/notifications/unreadnotifications')).resolves.toBe(0);
  });

  it('still fail on other errors', async () => {
    configureApiAuth(fakeAuth());
    installFakeApi({ 'GET /api/notifications/unreadnotifications': () => apiError(500, 'Boom') });
    await expect(getCountTolerating404('/notifications/unreadnotifications')).rejects.toMatchObject(
      {
        message: 'Boom',
      },
    );
  });
});

describe('answers the warm-start script already asked for (build/warm-start.ts)', () => {
  const warmWindow = window as unknown as Record<string, WarmRequest[] | undefined>;
  const warm = (overrides: Partial<WarmRequest> = {}): WarmRequest => ({
    url: '/api/things/1',
    token: 'old-token',
    companyId: 12,
    at: Date.now(),
    response: Promise.resolve(json({ id: 41 })),
    ...overrides,
  });
  afterEach(() => {
    delete warmWindow[WARM_REQUESTS_GLOBAL];
  });

  it('takes the answer once for the same call, token and company, then asks itself', async () => {
    configureApiAuth(fakeAuth());
    const api = installFakeApi({ 'GET /api/things/1': () => ({ id: 1 }) });
    warmWindow[WARM_REQUESTS_GLOBAL] = [warm()];
    await expect(apiRequest('/things/1', { schema: zThing })).resolves.toEqual({ id: 41 });
    expect(api.requests).toHaveLength(0);
    await expect(apiRequest('/things/1', { schema: zThing })).resolves.toEqual({ id: 1 });
    expect(api.requests).toHaveLength(1);
  });

  it('leaves one sent with another token, for another company, too long ago or for another call', async () => {
    configureApiAuth(fakeAuth());
    const api = installFakeApi({ 'GET /api/things/1': () => ({ id: 1 }) });
    warmWindow[WARM_REQUESTS_GLOBAL] = [
      warm({ token: 'someone-else' }),
      warm({ companyId: 13 }),
      warm({ at: Date.now() - WARM_REQUEST_MAX_AGE_MS - 1 }),
      warm({ url: '/api/things/1?page=2' }),
    ];
    await expect(apiRequest('/things/1', { schema: zThing })).resolves.toEqual({ id: 1 });
    await expect(
      apiRequest('/things/1', { schema: zThing, method: 'POST', body: {} }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(api.requests).toHaveLength(2);
    expect(warmWindow[WARM_REQUESTS_GLOBAL]).toHaveLength(4);
  });

  it('asks itself when the warm call failed, and renews on its 401 as on its own', async () => {
    const auth = fakeAuth();
    configureApiAuth(auth);
    const api = installFakeApi({ 'GET /api/things/1': () => ({ id: 1 }) });
    const failed = Promise.reject(new TypeError('offline'));
    failed.catch(() => undefined);
    warmWindow[WARM_REQUESTS_GLOBAL] = [warm({ response: failed })];
    await expect(apiRequest('/things/1', { schema: zThing })).resolves.toEqual({ id: 1 });
    expect(api.requests).toHaveLength(1);

    warmWindow[WARM_REQUESTS_GLOBAL] = [
      warm({ response: Promise.resolve(apiError(401, 'Expired')) }),
    ];
    await expect(apiRequest('/things/1', { schema: zThing })).resolves.toEqual({ id: 1 });
    expect(auth.renewAccessToken).toHaveBeenCalledTimes(1);
    expect(api.requests.at(-1)?.headers.get('Authorization')).toBe('Bearer new-token');
  });
});

describe('read-your-writes with read replicas', () => {
  it("sends the server's position after a write back with later calls", async () => {
    configureApiAuth(fakeAuth());
    const api = installFakeApi({
      'GET /api/things/1': () => ({ id: 1 }),
      'POST /api/things': () =>
        new Response(JSON.stringify({ id: 2 }), {
          status: 201,
          headers: { 'Content-Type': 'application/json', 'Flowline-Write-Lsn': '0/3A1B2C8' },
        }),
    });
    await apiRequest('/things', { method: 'POST', body: { name: 'x' }, schema: zThing });
    await apiRequest('/things/1', { schema: zThing });
    expect(api.find('POST', '/api/things')[0]?.headers.has('Flowline-Min-Lsn')).toBe(false);
    expect(api.find('GET', '/api/things/1')[0]?.headers.get('Flowline-Min-Lsn')).toBe('0/3A1B2C8');
  });
});
