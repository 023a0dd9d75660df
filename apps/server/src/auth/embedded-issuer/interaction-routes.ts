import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { errors as OidcErrors } from 'oidc-provider';
import { z } from 'zod';
import { zNewPassword } from '@flowline/shared';
import { AppError } from '../../errors';
import { verifyPassword } from '../passwords';
import type { EmbeddedIssuerDeps } from './types';
import {
  findActiveAccount,
  recordLogin,
  replaceTemporaryPassword,
  verifyCredentials,
  type IdentityAccount,
} from './accounts';
import { grantFirstPartyConsent } from './consent';
import { createLoginThrottle } from './login-throttle';
import { pendingPasswordChanges } from './pending-password-change';
import { MESSAGES, interactionPath, loginPage, messagePage, passwordPage } from './pages';

interface InteractionRouteOptions {
  provider: Provider;
  errors: typeof OidcErrors;
  deps: EmbeddedIssuerDeps;
}

// HTML forms re-render their page on bad input, so bodies are parsed here rather than by a route schema
// (a schema failure would answer with the API's JSON error instead of the form).
const zUidParams = z.object({ uid: z.string().min(1).max(200) });
const zLoginForm = z.object({
  email: z.string().max(320).catch(''),
  password: z.string().max(1000).catch(''),
});
const zPasswordForm = z.object({
  newPassword: z.string().max(1000).catch(''),
  confirmPassword: z.string().max(1000).catch(''),
});

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

async function newPasswordError(
  form: z.infer<typeof zPasswordForm>,
  account: IdentityAccount,
): Promise<string | null> {
  const rule = zNewPassword.safeParse(form.newPassword);
  if (!rule.success) return rule.error.issues[0]?.message ?? 'Choose a different password.';
  if (form.newPassword !== form.confirmPassword) return MESSAGES.passwordMismatch;
  if (await verifyPassword(account.passwordHash, form.newPassword))
    return MESSAGES.passwordUnchanged;
  return null;
}

/** The login and change-password pages behind `interactions.url`, inside the /oidc-prefixed scope. */
export async function registerInteractionRoutes(
  scope: FastifyInstance,
  opts: InteractionRouteOptions,
) {
  const { provider, errors, deps } = opts;
  const { db, config } = deps;
  const pending = pendingPasswordChanges(db);
  const throttle = createLoginThrottle(db, deps.mailer ?? null, config.loginRateLimitPerMinute);

  /** 429 with Retry-After; the page keeps the e-mail typed and says how long to wait. */
  const tooManyAttempts = (reply: FastifyReply, uid: string, email: string, seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    const error =
      seconds <= 60
        ? MESSAGES.tooManyAttempts
        : `Too many failed sign-in attempts for this account. Please try again in ${minutes} minutes.`;
    reply.header('retry-after', String(seconds)).header('x-error-code', 'login_rate_limited');
    return sendHtml(reply, 429, loginPage({ uid, email, error }));
  };
  const backToApp = { href: `${config.publicUrl}/`, label: 'Back to Flowline' };

  /** The interaction of the browser's signed cookie; it must be the one named in the URL. */
  const loadInteraction = async (req: FastifyRequest, reply: FastifyReply) => {
    const { uid } = zUidParams.parse(req.params);
    const interaction = await provider.interactionDetails(req.raw, reply.raw);
    if (interaction.uid !== uid)
      throw new errors.SessionNotFound('interaction does not match the URL');
    return interaction;
  };

  const finishLogin = async (req: FastifyRequest, reply: FastifyReply, accountId: string) => {
    await recordLogin(db, accountId);
    const returnTo = await provider.interactionResult(
      req.raw,
      reply.raw,
      { login: { accountId, amr: ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  };

  /** The account waiting to replace its temporary password in this interaction, if any. */
  const pendingAccount = async (uid: string) => {
    const accountId = await pending.find(uid);
    const account = accountId ? await findActiveAccount(db, accountId) : null;
    return account?.passwordIsTemporary ? account : null;
  };

  scope.setErrorHandler(async (err, req, reply) => {
    if (err instanceof errors.OIDCProviderError || err instanceof z.ZodError) {
      return sendHtml(
        reply,
        400,
        messagePage({
          title: 'Your sign-in has expired',
          message: 'This sign-in page is no longer valid. Please start again from Flowline.',
          link: { href: `${config.publicUrl}/`, label: 'Start again' },
        }),
      );
    }
    if (err instanceof AppError && err.status < 500) {
      return sendHtml(
        reply,
        err.status,
        messagePage({ title: 'Something went wrong', message: err.message, link: backToApp }),
      );
    }
    req.log.error({ err }, 'embedded issuer interaction failed');
    const message = 'Something went wrong on our side. Please try again.';
    return sendHtml(
      reply,
      500,
      messagePage({ title: 'Something went wrong', message, link: backToApp }),
    );
  });

  scope.get('/interaction/:uid', async (req, reply) => {
    const interaction = await loadInteraction(req, reply);
    const { uid } = interaction;
    if (interaction.prompt.name === 'consent') {
      const returnTo = await grantFirstPartyConsent(
        provider,
        req.raw,
        reply.raw,
        interaction,
        config.oidc.clientId,
      );
      return reply.redirect(returnTo, 303);
    }
    if (interaction.prompt.name !== 'login')
      throw new AppError(400, 'unsupported_prompt', 'This sign-in step is not supported.');
    if (await pendingAccount(uid)) return reply.redirect(`${interactionPath(uid)}/password`, 303);
    return sendHtml(reply, 200, loginPage({ uid }));
  });

  scope.post('/interaction/:uid/login', async (req, reply) => {
    const interaction = await loadInteraction(req, reply);
    const { uid } = interaction;
    if (interaction.prompt.name !== 'login') return reply.redirect(interactionPath(uid), 303);
    const { email, password } = zLoginForm.parse(req.body ?? {});
    // req.ip follows TRUST_PROXY: a forwarded header counts only from a trusted proxy.
    const byAddress = await throttle.countAttemptFrom(req.ip);
    if (byAddress.retryAfterSeconds)
      return tooManyAttempts(reply, uid, email, byAddress.retryAfterSeconds);
    const lock = email ? await throttle.accountLock(email) : { retryAfterSeconds: 0 };
    if (lock.retryAfterSeconds) return tooManyAttempts(reply, uid, email, lock.retryAfterSeconds);
    const account = await verifyCredentials(db, email, password);
    if (!account) {
      if (email) await throttle.recordFailure(email);
      return sendHtml(reply, 400, loginPage({ uid, email, error: MESSAGES.invalidCredentials }));
    }
    await throttle.recordSuccess(email);
    if (account.passwordIsTemporary) {
      await pending.save(uid, account.id, interaction.exp - Math.floor(Date.now() / 1000));
      return reply.redirect(`${interactionPath(uid)}/password`, 303);
    }
    return finishLogin(req, reply, account.id);
  });

  scope.get('/interaction/:uid/password', async (req, reply) => {
    const interaction = await loadInteraction(req, reply);
    const account =
      interaction.prompt.name === 'login' ? await pendingAccount(interaction.uid) : null;
    if (!account) return reply.redirect(interactionPath(interaction.uid), 303);
    return sendHtml(reply, 200, passwordPage({ uid: interaction.uid, email: account.email }));
  });

  scope.post('/interaction/:uid/password', async (req, reply) => {
    const interaction = await loadInteraction(req, reply);
    const { uid } = interaction;
    const account = interaction.prompt.name === 'login' ? await pendingAccount(uid) : null;
    if (!account) return reply.redirect(interactionPath(uid), 303);
    const form = zPasswordForm.parse(req.body ?? {});
    const error = await newPasswordError(form, account);
    if (error) return sendHtml(reply, 400, passwordPage({ uid, email: account.email, error }));
    await replaceTemporaryPassword(db, account.id, form.newPassword);
    await pending.clear(uid);
    return finishLogin(req, reply, account.id);
  });
}
