import type { Configuration, JWKS, errors as OidcErrors } from 'oidc-provider';
import { appOrigins } from '../../config';
import type { EmbeddedIssuerDeps } from './types';
import { loadAccountProfile, type AccountProfile } from './accounts';
import { pgAdapterFactory } from './pg-adapter';
import { interactionPath, logoutPage, messagePage } from './pages';

const DAY = 24 * 60 * 60;

function profileClaims(sub: string, profile: AccountProfile) {
  const name = [profile.givenName, profile.familyName].filter(Boolean).join(' ');
  return {
    sub,
    email: profile.email,
    ...(profile.givenName ? { given_name: profile.givenName } : {}),
    ...(profile.familyName ? { family_name: profile.familyName } : {}),
    ...(name ? { name } : {}),
  };
}

/** oidc-provider configuration: one public first-party client, JWT access tokens for our API, our own pages. */
export function buildProviderConfiguration(
  deps: EmbeddedIssuerDeps,
  errors: typeof OidcErrors,
): Configuration {
  const { config, db, keys } = deps;
  const { clientId, audience, accessTokenTtlSeconds } = config.oidc;
  const secure = config.publicUrl.startsWith('https:');
  const cookieOptions = { signed: true, httpOnly: true, sameSite: 'lax', secure } as const;

  return {
    adapter: pgAdapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Flowline',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // Opening the app at 127.0.0.1 instead of localhost (or the reverse) still signs in.
        redirect_uris: appOrigins(config.publicUrl).map((origin) => `${origin}/callback`),
        post_logout_redirect_uris: appOrigins(config.publicUrl).map(
          (origin) => `${origin}/landingpage`,
        ),
      },
    ],
    jwks: keys.privateJwks as JWKS,
    cookies: { keys: keys.cookieKeys, long: cookieOptions, short: cookieOptions },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    // Code flow id_tokens would otherwise carry only `sub`; the SPA shows the name and e-mail from it.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const profile = await loadAccountProfile(db, sub);
      if (!profile) return undefined;
      return { accountId: sub, claims: () => profileClaims(sub, profile) };
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const profile = await loadAccountProfile(db, token.accountId);
      if (!profile) return undefined;
      const { sub: _sub, name: _name, ...claims } = profileClaims(token.accountId, profile);
      return claims;
    },
    // First-party SPA: refresh tokens without the offline_access consent dance; they still die with the session.
    issueRefreshToken: async (_ctx, client) =>
      client.clientId === clientId && client.grantTypeAllowed('refresh_token'),
    // Browsers may call the token and other CORS endpoints from the app's own pages only.
    clientBasedCORS: (_ctx, origin) => appOrigins(config.publicUrl).includes(origin),
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        // The SPA never sends `resource`; its tokens are always for our API.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: '',
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtlSeconds,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          // The provider has already verified a hint that is present (an invalid one is an error).
          ctx.body = logoutPage(form, Boolean(ctx.oidc.params?.id_token_hint));
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage({
            title: 'You are signed out',
            message: 'You have been signed out of Flowline.',
            link: { href: `${config.publicUrl}/landingpage`, label: 'Back to Flowline' },
          });
        },
      },
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage({
        title: 'Something went wrong',
        message:
          out.error === 'invalid_redirect_uri'
            ? `Flowline is served at ${config.publicUrl}. Open that address and sign in again.`
            : (out.error_description ?? 'The sign-in request could not be completed.'),
        link: { href: `${config.publicUrl}/`, label: 'Back to Flowline' },
      });
    },
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: (ctx, token, client) => {
        // Rotation keeps the original expiry, so a stolen token cannot be refreshed forever.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained())
          return rotated.remainingTTL;
        return 14 * DAY;
      },
    },
  };
}
