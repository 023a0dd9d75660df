import type { StateStore, User, UserManager } from 'oidc-client-ts';
import {
  TOKEN_RENEWAL_BEFORE_EXPIRY_S,
  zAuthClientConfig,
  type AuthClientConfig,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { safeReturnPath } from '../../lib/return-path';
import { whenIdle } from '../../lib/when-idle';
import type { AuthClient, AuthSnapshot } from './auth-client';
import { FAST_START_MIN_LIFE_S, storedUserKey } from './stored-user-key';

export function userManagerSettings(
  config: AuthClientConfig,
  origin: string,
  userStore: StateStore,
) {
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
    userStore,
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
 * The shape of a configuration this tab stored after zAuthClientConfig accepted it: checked by
 * hand because building and running the zod schema is a noticeable part of a start that reads it
 * (issue 16 item 4); anything else (an older version's value, an edit) is asked for again.
 */
export function isStoredAuthConfig(value: unknown): value is AuthClientConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<keyof AuthClientConfig, unknown>;
  return (
    ['authority', 'clientId', 'scope', 'postLogoutRedirectPath'].every(
      (key) => typeof config[key as keyof AuthClientConfig] === 'string',
    ) &&
    (config.audience === null || typeof config.audience === 'string')
  );
}

/**
 * The identity configuration, from this tab's sessionStorage when an earlier load kept it: a
 * reload or a return from the issuer then starts without waiting for one more round trip before
 * the first page (issue 16 item 4). It is refreshed after the start, for the next load; the
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
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(CONFIG_KEY) ?? 'null');
    if (isStoredAuthConfig(stored)) cached = stored;
  } catch {
    // unreadable: ask the server
  }
  if (!cached) return store(await fetchAuthConfig());
  // After the first paint: a call that ends before it is one more the page waits for on a slow
  // network (and Lighthouse counts it in the largest paint's path).
  afterStart(() => void fetchAuthConfig().then(store, () => undefined));
  return cached;
}

/** The part of oidc-client-ts's stored user (`User.toStorageString`) a start needs. */
interface StoredUser {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at?: number;
}

function readStoredUser(config: AuthClientConfig): StoredUser | null {
  try {
    const value: unknown = JSON.parse(
      window.sessionStorage.getItem(storedUserKey(config.authority, config.clientId)) ?? 'null',
    );
    if (typeof value !== 'object' || value === null) return null;
    const user = value as Partial<Record<keyof StoredUser, unknown>>;
    if (typeof user.access_token !== 'string') return null;
    if (user.expires_at !== undefined && typeof user.expires_at !== 'number') return null;
    return { access_token: user.access_token, expires_at: user.expires_at };
  } catch {
    return null;
  }
}

const secondsLeft = (user: StoredUser) =>
  user.expires_at === undefined ? Infinity : user.expires_at - Date.now() / 1000;

export function createOidcAuthClient(): AuthClient {
  let config: AuthClientConfig | null = null;
  let manager: UserManager | null = null;
  let managerLoading: Promise<UserManager> | null = null;
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

  /**
   * oidc-client-ts (65 KB) is imported when first needed — at once for a sign-in, a return from the
   * issuer or an expired stored session, else just after the page has started (issue 16 item 4) —
   * and its manager then follows the stored user (renewal before expiry, sign-out).
   */
  function loadManager(settingsFrom: AuthClientConfig): Promise<UserManager> {
    managerLoading ??= import('oidc-client-ts').then(
      ({ UserManager: Manager, WebStorageStateStore }) => {
        const um = new Manager(
          userManagerSettings(
            settingsFrom,
            window.location.origin,
            new WebStorageStateStore({ store: window.sessionStorage }),
          ),
        );
        um.events.addUserLoaded(() => update({ isAuthenticated: true }));
        um.events.addUserUnloaded(() => update({ isAuthenticated: false }));
        um.events.addAccessTokenExpired(() => {
          // Offline (a wellsite, issue 32): the renewal could not reach the issuer, but the refresh
          // token still can once the network is back — the field tickets' queue renews before it
          // sends (api-client `ensureFreshAccessToken`), any other call on its 401. Kept.
          if (navigator.onLine === false) return;
          // Renewal already failed if the token actually expired: the guard sends the user to sign in.
          void um.removeUser();
        });
        manager = um;
        return um;
      },
    );
    return managerLoading;
  }

  async function load(): Promise<void> {
    const loaded = await loadAuthConfig();
    config = loaded;
    postLogoutPath = loaded.postLogoutRedirectPath;

    const stored = readStoredUser(loaded);
    if (!stored || secondsLeft(stored) > FAST_START_MIN_LIFE_S) {
      // Signed out, or signed in with a live token: known without the manager.
      update({ status: 'ready', isAuthenticated: stored !== null });
      // Reading the user arms the manager's renewal timer for the token; signed out, the Login
      // button then finds it here.
      afterStart(() => {
        void loadManager(loaded)
          .then((um) => um.getUser())
          .catch(() => undefined);
      });
      return;
    }

    const um = await loadManager(loaded);
    let user = await um.getUser();
    if (user?.expired) {
      user = user.refresh_token ? await um.signinSilent().catch(() => null) : null;
      if (!isLive(user)) await um.removeUser();
    }
    update({ status: 'ready', isAuthenticated: isLive(user) });
  }

  async function ready(): Promise<UserManager> {
    await client.start();
    if (!config)
      throw new Error('Sign-in is not available: the identity configuration did not load.');
    return loadManager(config);
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
      const um = await ready().catch(() => null);
      if (!um) {
        window.location.assign(postLogoutPath);
        return;
      }
      const user = await um.getUser().catch(() => null);
      try {
        await um.signoutRedirect({ id_token_hint: user?.id_token });
      } catch {
        // The issuer offers no end-session endpoint: the local session is gone, land on the landing page.
        await um.removeUser().catch(() => undefined);
        window.location.assign(postLogoutPath);
      }
    },
    async getAccessToken() {
      if (manager) return (await manager.getUser())?.access_token ?? null;
      // Until the manager has loaded, the token is read where it keeps it.
      return config ? (readStoredUser(config)?.access_token ?? null) : null;
    },
    renewAccessToken() {
      if (snapshot.signingOut) return Promise.resolve(null);
      renewing ??= ready()
        .then((um) => um.signinSilent())
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

/** At the latest, started work runs this long after it was asked for. */
const AFTER_START_LATEST_MS = 5000;

/**
 * Runs `work` once the page has started: after its first contentful paint and a moment of idle
 * time, so that it competes neither with the first page's code and requests nor with its render
 * (the first frame alone comes too early: the page's own chunk may still be on its way).
 */
function afterStart(work: () => void) {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    whenIdle(work, 2000);
  };
  window.setTimeout(run, AFTER_START_LATEST_MS);
  // Without paint timing (jsdom), the next idle moment.
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    run();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  // `buffered` also reports a paint that happened before the observer was made.
  observer.observe({ type: 'paint', buffered: true });
}
