import crypto from 'node:crypto';
import { CHAT_TOKEN_AUDIENCE } from '@flowline/shared';
import { SignJWT, decodeJwt, errors, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { unauthorized } from '../../errors';
import { chatTokenSecret } from './repository';

/**
 * The chat token (GET /company/{id}/sendBirdSessionToken; docs/chat.md): an HS256 JWT, 1 hour,
 * sub = user id, `company_id`, aud 'flowline-chat'. The secret is one random row in the database
 * (chat_token_secrets), so every API instance signs and verifies alike with nothing to configure.
 */
export const CHAT_TOKEN_TTL_SECONDS = 60 * 60;
const ISSUER = 'flowline';

const secrets = new WeakMap<object, Promise<Uint8Array>>();

function secretOf(db: Db): Promise<Uint8Array> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = chatTokenSecret(db, () => crypto.randomBytes(32).toString('base64url')).then(
      (s) => new Uint8Array(Buffer.from(s, 'base64url')),
    );
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

export async function signChatToken(
  db: Db,
  who: { userId: number; companyId: number },
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const exp = Math.floor(now / 1000) + CHAT_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ company_id: who.companyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(who.userId))
    .setAudience(CHAT_TOKEN_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(exp)
    .sign(await secretOf(db));
  return { token, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Whether the string looks like a chat token (its unverified audience); verification follows. */
export function isChatToken(token: string): boolean {
  try {
    const aud = decodeJwt(token).aud;
    return aud === CHAT_TOKEN_AUDIENCE || (Array.isArray(aud) && aud.includes(CHAT_TOKEN_AUDIENCE));
  } catch {
    return false;
  }
}

export interface ChatIdentity {
  userId: number;
  companyId: number;
  /** Seconds since the epoch. */
  exp: number;
}

export async function verifyChatToken(db: Db, token: string): Promise<ChatIdentity> {
  try {
    const { payload } = await jwtVerify(token, await secretOf(db), {
      audience: CHAT_TOKEN_AUDIENCE,
      issuer: ISSUER,
      algorithms: ['HS256'],
    });
    const userId = Number(payload.sub);
    const companyId = payload.company_id;
    if (
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      typeof companyId !== 'number' ||
      typeof payload.exp !== 'number'
    )
      throw unauthorized('The chat token is not valid', 'invalid_token');
    return { userId, companyId, exp: payload.exp };
  } catch (err) {
    if (err instanceof errors.JWTExpired)
      throw unauthorized('The chat token has expired', 'token_expired');
    if (err instanceof errors.JOSEError)
      throw unauthorized('The chat token is not valid', 'invalid_token');
    throw err;
  }
}
