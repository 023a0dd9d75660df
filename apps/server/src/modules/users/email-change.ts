import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { adminUserMessages, membershipInvitationMessages } from '@flowline/shared';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { emailChangeRequests, identityAccounts, users } from '../../db/schema/index';
import { AppError, badRequest, conflict } from '../../errors';
import type { Mailer } from '../../platform/mail/mailer';
import {
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
} from '../../platform/mail/templates/index';
import { isUniqueViolation } from '../org-units/unique-violation';
import type { UserRow } from './repository';

const LINK_VALID_HOURS = 24;

export interface EmailChangeDeps {
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The newest unconfirmed, unexpired e-mail change of the user, if any. */
export async function findPendingEmailChange(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: emailChangeRequests.newEmailAddress })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, userId),
        isNull(emailChangeRequests.confirmedAt),
        gt(emailChangeRequests.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailChangeRequests.id))
    .limit(1);
  return row?.email ?? null;
}

/**
 * Starts a sign-in e-mail change (issue 10 item 2): a confirmation link to the new address and a
 * notice to the old one; nothing changes until the link is opened. An address another user already
 * has is refused up front (issue 27 item 24: the spec's 120-020 'User with the same email already
 * exist.'), and checked again when the link is opened.
 */
export async function requestEmailChange(
  db: Db,
  user: UserRow,
  newEmail: string,
  requestedBy: { userId: number; name: string },
  deps: EmailChangeDeps,
  /** Runs in the request's transaction (the admin audit; docs/admin-audit.md). */
  audit?: (tx: Db, newEmail: string) => Promise<void>,
): Promise<string> {
  const next = newEmail.trim();
  if (next.toLowerCase() === user.emailAddress.toLowerCase()) {
    throw badRequest(adminUserMessages.emailMustDiffer, 'validation_failed', {
      emailAddress: adminUserMessages.emailMustDiffer,
    });
  }
  if (await isEmailTaken(db, next, user.id)) throw emailExists();
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    // One open request at a time: a new one replaces the earlier links.
    await tx
      .delete(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, user.id), isNull(emailChangeRequests.confirmedAt)));
    await tx.insert(emailChangeRequests).values({
      userId: user.id,
      newEmailAddress: next,
      tokenHash: hashToken(token),
      requestedByUserId: requestedBy.userId,
      expiresAt: new Date(Date.now() + LINK_VALID_HOURS * 3600_000),
    });
    await audit?.(tx, next);
  });
  const mail = {
    publicUrl: deps.config.publicUrl,
    firstName: user.firstName,
    oldEmail: user.emailAddress,
    newEmail: next,
    requestedBy: requestedBy.userId === user.id ? 'You' : requestedBy.name,
  };
  const sends = [
    {
      to: [next],
      ...emailChangeConfirmationMail({ ...mail, token, expiresInHours: LINK_VALID_HOURS }),
    },
    { to: [user.emailAddress], ...emailChangeNoticeMail(mail) },
  ];
  for (const message of sends) {
    try {
      await deps.mailer.send(message);
    } catch (err) {
      deps.log.error({ err, userId: user.id }, 'e-mail change mail not sent');
    }
  }
  return next;
}

const emailExists = () => conflict(adminUserMessages.emailExists, 'email_exists');

async function isEmailTaken(db: Db, email: string, exceptUserId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.emailAddress}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(taken);
}

const linkInvalid = () =>
  new AppError(404, 'email_link_invalid', membershipInvitationMessages.emailLinkInvalid);
const emailTaken = () => conflict(membershipInvitationMessages.emailTaken, 'email_exists');

/** Applies a confirmed change to the user and to their local sign-in account, in one transaction. */
export async function confirmEmailChange(db: Db, token: string): Promise<string> {
  return db
    .transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(emailChangeRequests)
        .where(
          and(
            eq(emailChangeRequests.tokenHash, hashToken(token)),
            isNull(emailChangeRequests.confirmedAt),
            gt(emailChangeRequests.expiresAt, sql`now()`),
          ),
        )
        .for('update')
        .limit(1);
      if (!request) throw linkInvalid();
      const [user] = await tx.select().from(users).where(eq(users.id, request.userId)).limit(1);
      if (!user) throw linkInvalid();
      const next = request.newEmailAddress;
      if (await isEmailTaken(tx, next, user.id)) throw emailTaken();
      await tx
        .update(users)
        .set({ emailAddress: next, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await tx
        .update(identityAccounts)
        .set({ email: next })
        .where(sql`lower(${identityAccounts.email}) = lower(${user.emailAddress})`);
      await tx
        .update(emailChangeRequests)
        .set({ confirmedAt: new Date() })
        .where(eq(emailChangeRequests.id, request.id));
      return next;
    })
    .catch(async (error: unknown) => {
      const failure = isUniqueViolation(error) ? emailTaken() : error;
      // A request that can no longer succeed is dropped, so nobody keeps 'Waiting…' for it.
      if (failure instanceof AppError && failure.code === 'email_exists') {
        await db
          .delete(emailChangeRequests)
          .where(
            and(
              eq(emailChangeRequests.tokenHash, hashToken(token)),
              isNull(emailChangeRequests.confirmedAt),
            ),
          );
      }
      throw failure;
    });
}
