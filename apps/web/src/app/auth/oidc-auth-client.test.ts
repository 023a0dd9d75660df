import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { zAuthClientConfig, type AuthClientConfig } from '@flowline/shared';
import { createOidcAuthClient, isStoredAuthConfig } from './oidc-auth-client';

const config: AuthClientConfig = zAuthClientConfig.parse({
  authority: 'http://localhost:3000/oidc',
  clientId: 'flowline-web',
  scope: 'openid profile email offline_access',
  audience: null,
  postLogoutRedirectPath: '/landingpage',
});

describe('the stored identity configuration check', () => {
  it('accepts what the schema accepts, with or without an audience', () => {
    expect(isStoredAuthConfig(config)).toBe(true);
    expect(isStoredAuthConfig({ ...config, audience: 'api://flowline' })).toBe(true);
  });

  it('refuses a value missing any of the schema’s fields, so a new field is not skipped', () => {
    for (const key of Object.keys(zAuthClientConfig.shape)) {
      const partial: Record<string, unknown> = { ...config };
      delete partial[key];
      expect(isStoredAuthConfig(partial), key).toBe(false);
    }
  });

  it('refuses other types and non-objects', () => {
    expect(isStoredAuthConfig({ ...config, clientId: 42 })).toBe(false);
    expect(isStoredAuthConfig({ ...config, audience: 7 })).toBe(false);
    expect(isStoredAuthConfig(null)).toBe(false);
    expect(isStoredAuthConfig('config')).toBe(false);
  });
});

const manager = vi.hoisted(() => ({
  created: 0,
  getUser: vi.fn(),
  signinSilent: vi.fn(),
  removeUser: vi.fn(),
}));

vi.mock('oidc-client-ts', () => ({
  WebStorageStateStore: class {},
  UserManager: class {
    events = {
      addUserLoaded: () => undefined,
      addUserUnloaded: () => undefined,
      addAccessTokenExpired: () => undefined,
    };
    constructor() {
      manager.created += 1;
    }
    getUser = manager.getUser;
    signinSilent = manager.signinSilent;
    removeUser = manager.removeUser;
  },
}));

describe('the start of a page', () => {
  const userKey = `oidc.user:${config.authority}:${config.clientId}`;
  const storeUser = (secondsLeft: number) =>
    window.sessionStorage.setItem(
      userKey,
      JSON.stringify({
        access_token: 'stored-token',
        refresh_token: 'refresh',
        expires_at: Math.floor(Date.now() / 1000) + secondsLeft,
      }),
    );

  beforeEach(() => {
    manager.created = 0;
    manager.getUser.mockReset();
    manager.signinSilent.mockReset();
    manager.removeUser.mockReset();
    window.sessionStorage.setItem('flowline.authConfig', JSON.stringify(config));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(config));
  });
  afterEach(() => vi.restoreAllMocks());

  it('is signed in at once with a live stored token, read without the OIDC library', async () => {
    storeUser(3600);
    const client = createOidcAuthClient();
    await client.start();
    expect(client.getSnapshot()).toMatchObject({ status: 'ready', isAuthenticated: true });
    expect(await client.getAccessToken()).toBe('stored-token');
    expect(manager.created).toBe(0);
    // The library's manager follows once the page has started (renewal timers, sign-out).
    await waitFor(() => expect(manager.created).toBe(1));
    expect(manager.getUser).toHaveBeenCalled();
  });

  it('is signed out at once without a stored user', async () => {
    const client = createOidcAuthClient();
    await client.start();
    expect(client.getSnapshot()).toMatchObject({ status: 'ready', isAuthenticated: false });
    expect(await client.getAccessToken()).toBeNull();
  });

  it('renews a stored token close to its expiry through the library before starting', async () => {
    storeUser(10);
    manager.getUser.mockResolvedValue({ expired: true, refresh_token: 'refresh' });
    manager.signinSilent.mockResolvedValue({ expired: false, access_token: 'renewed' });
    const client = createOidcAuthClient();
    await client.start();
    expect(manager.created).toBe(1);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    expect(client.getSnapshot()).toMatchObject({ status: 'ready', isAuthenticated: true });
  });

  it('signs out when the stored token cannot be renewed', async () => {
    storeUser(10);
    manager.getUser.mockResolvedValue({ expired: true, refresh_token: 'refresh' });
    manager.signinSilent.mockRejectedValue(new Error('invalid_grant'));
    const client = createOidcAuthClient();
    await client.start();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(client.getSnapshot()).toMatchObject({ status: 'ready', isAuthenticated: false });
  });
});
