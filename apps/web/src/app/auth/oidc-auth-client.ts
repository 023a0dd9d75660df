import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import {
  TOKEN_RENEWAL_BEFORE_EXPIRY_S,
  zAuthClientConfig,
  type AuthClientConfig,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { safeReturnPath } from '../../lib/return-path';
import type { AuthClient, AuthSnapshot } from './auth-client';

export function userManagerSettings(config: AuthClientConfig, origin: string) {
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}/callback`,
    post_logout_redirect_uri: `${origin}${config.postLogoutRedirectPath}`,
    response_type: 'code', // with PKCE, the library default
    scope: config.scope,
    // Renewal uses the refresh token (offline_access), so no silent-renew iframe page is needed.
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_RENEWAL_BEFORE_EXPIRY_S,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    ...(config.audience ? { resource: config.audience } : {}),
  };
}

function returnToFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    return safeReturnPath(typeof state.returnTo === 'string' ? state.returnTo : null);
  }
  return '/';
}

const CONFIG_KEY = 'flowline.authConfig';

function fetchAuthConfig(): Promise<AuthClientConfig> {
  return apiRequest('/auth/config', { schema: zAuthClientConfig, auth: false, company: false });
}

/**
 * The identity configuration, from this tab's sessionStorage when an earlier load kept it: a
 * reload or a return from the issuer then starts without waiting for one more round trip before
 * the first page (issue 16 item 4). It is refreshed in the background for the next load; the
 * values are public (authority, client id, scope) and a change reaches the next load.
 */
async function loadAuthConfig(): Promise<AuthClientConfig> {
  const store = (config: AuthClientConfig) => {
    try {
      window.sessionStorage.setItem(CONFIG_KEY, JSON.stringify(config));
    } catch {
      // No storage: every load asks the server.
    }
    return config;
  };
  let cached: AuthClientConfig | null = null;
  try {
    const parsed = zAuthClientConfig.safeParse(
      JSON.parse(window.sessionStorage.getItem(CONFIG_KEY) ?? 'null'),
    );
    if (parsed.success) cached = parsed.data;
  } catch {
    // unreadable: ask the server
  }
  if (!cached) return store(await fetchAuthConfig());
  void fetchAuthConfig().then(store, () => undefined);
  return cached;
}

export function createOidcAuthClient(): AuthClient {
  let manager: UserManager | null = null;
  let postLogoutPath = '/landingpage';
  let snapshot: AuthSnapshot = { status: 'loading', isAuthenticated: false, signingOut: false };
  let starting: Promise<void> | null = null;
  let completing: Promise<string> | null = null;
  let renewing: Promise<string | null> | null = null;
  let redirecting = false;
  const listeners = new Set<() => void>();

  const update = (patch: Partial<AuthSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    listeners.forEach((l) => l());
  };
  const isLive = (user: User | null): user is User => !!user && !user.expired;

  async function load(): Promise<void> {
    const config = await loadAuthConfig();
    postLogoutPath = config.postLogoutRedirectPath;
    const um = new UserManager(userManagerSettings(config, window.location.origin));
    um.events.addUserLoaded(() => update({ isAuthenticated: true }));
    um.events.addUserUnloaded(() => update({ isAuthenticated: false }));
    um.events.addAccessTokenExpired(() => {
      // Renewal already failed if the token actually expired: the guard sends the user to sign in.
      void um.removeUser();
    });
    manager = um;

    let user = await um.getUser();
    if (user?.expired) {
      user = user.refresh_token ? await um.signinSilent().catch(() => null) : null;
      if (!isLive(user)) await um.removeUser();
    }
    update({ status: 'ready', isAuthenticated: isLive(user) });
  }

  async function ready(): Promise<UserManager> {
    await client.start();
    if (!manager)
      throw new Error('Sign-in is not available: the identity configuration did not load.');
    return manager;
  }

  const client: AuthClient = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    start() {
      starting ??= load().catch((error: unknown) => {
        update({ status: 'error', isAuthenticated: false });
        throw error;
      });
      return starting;
    },
    async signIn(returnTo) {
      const um = await ready();
      await um.signinRedirect({ state: { returnTo: safeReturnPath(returnTo) } });
    },
    completeSignIn() {
      // React StrictMode runs effects twice; the authorization code can be redeemed only once.
      completing ??= ready()
        .then((um) => um.signinRedirectCallback())
        .then((user) => returnToFrom(user.state));
      return completing;
    },
    async signOut() {
      update({ signingOut: true });
      const um = manager;
      const user = um ? await um.getUser().catch(() => null) : null;
      if (!um) {
        window.location.assign(postLogoutPath);
        return;
      }
      try {
        await um.signoutRedirect({ id_token_hint: user?.id_token });
      } catch {
        // The issuer offers no end-session endpoint: the local session is gone, land on the landing page.
        await um.removeUser().catch(() => undefined);
        window.location.assign(postLogoutPath);
      }
    },
    async getAccessToken() {
      if (!manager) return null;
      const user = await manager.getUser();
      return user?.access_token ?? null;
    },
    renewAccessToken() {
      const um = manager;
      if (!um || snapshot.signingOut) return Promise.resolve(null);
      renewing ??= um
        .signinSilent()
        .then((user) => (isLive(user) ? user.access_token : null))
        .catch(() => null)
        .finally(() => {
          renewing = null;
        });
      return renewing;
    },
    onSessionExpired() {
      if (redirecting || snapshot.signingOut) return;
      redirecting = true;
      const { pathname, search, hash } = window.location;
      void client.signIn(`${pathname}${search}${hash}`).catch(() => {
        redirecting = false;
      });
    },
  };
  return client;
}
