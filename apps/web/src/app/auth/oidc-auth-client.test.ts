import { describe, expect, it } from 'vitest';
import { zAuthClientConfig, type AuthClientConfig } from '@flowline/shared';
import { isStoredAuthConfig } from './oidc-auth-client';

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
