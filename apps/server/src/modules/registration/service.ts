import type { FastifyBaseLogger } from 'fastify';
import {
  canonicalTimeZone,
  findTaxType,
  formatTaxNumber,
  normalizeZipCode,
  orgUnitTaxIdValid,
  registrationMessages,
  taxNumberDigits,
  type CompanyRegistration,
  type CompanyRegistrationResult,
} from '@flowline/shared';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { mailOnboarded, onboardInTx } from '../invitations/onboard';
import { bindInvitationToken, describeToken, type TokenDescription } from '../invitations/service';
import { refreshMatchesForCompany } from '../network/matching';
import { insertOrgUnit, replaceOrgUnitUsers } from '../org-units/repository';
import type { Mailer } from '../../platform/mail/mailer';
import { companyCode, companyCodeBase, generateTemporaryPassword } from './credentials';
import {
  insertAdministrator,
  insertCompany,
  insertIdentityAccount,
  lockRegistrations,
  unsafeCodesLike,
  unsafeCompanyExists,
  unsafeDeleteRegistration,
  unsafeEmailIsTaken,
} from './repository';
import { welcomeMail } from './welcome-mail';

export interface RegistrationDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const blankToNull = (v: string | null | undefined) => v?.trim() || null;

/**
 * Spec 3 §4 Registration: the company, its first Administrator and their sign-in account in one
 * transaction, then the welcome e-mail with a temporary password.
 */
export async function registerCompany(
  deps: RegistrationDeps,
  input: CompanyRegistration,
): Promise<CompanyRegistrationResult> {
  const { db } = deps;
  const taxType = findTaxType(input.country, input.taxIdType);
  // The schema has checked the type and the number; this keeps one spelling per number.
  const taxNumber = taxType ? formatTaxNumber(taxType.format, input.taxNumber) : input.taxNumber;
  const email = input.userEmail.trim();
  const temporaryPassword = generateTemporaryPassword();
  // argon2 is deliberately slow: hash before taking the registration lock.
  const passwordHash = await hashPassword(temporaryPassword);

  const created = await db
    .transaction(async (tx) => {
      await lockRegistrations(tx);
      if (await unsafeEmailIsTaken(tx, email))
        throw conflict(registrationMessages.duplicateEmail, 'email_taken');
      const taxDigits = taxNumberDigits(taxNumber);
      if (
        await unsafeCompanyExists(tx, {
          name: input.legalName,
          taxIdType: input.taxIdType,
          taxDigits,
        })
      )
        throw conflict(registrationMessages.duplicateCompany, 'company_exists');
      const code = companyCode(
        input.legalName,
        await unsafeCodesLike(tx, companyCodeBase(input.legalName)),
      );
      const address = {
        addressLineOne: input.addressLineOne,
        addressLineTwo: blankToNull(input.addressLineTwo),
        addressLineThree: blankToNull(input.addressLineThree),
        country: input.country,
        state: input.state,
        city: input.city,
        zipCode: normalizeZipCode(input.zipCode),
      };
      const company = await insertCompany(tx, {
        name: input.legalName,
        code,
        knownAs: blankToNull(input.knownAs),
        timezone: canonicalTimeZone(input.timezone),
        ...address,
        taxIdType: input.taxIdType,
        taxNumber,
        registrationInvitationToken: blankToNull(input.invitationToken),
        registrationIsBoarding: input.isBoarding,
      });
      const accountId = await insertIdentityAccount(tx, { email, passwordHash });
      const userId = await insertAdministrator(tx, company.id, {
        externalId: accountId,
        emailAddress: email,
        firstName: input.userFirstName,
        lastName: input.userLastName,
      });
      // Users, connections and ACH forms all need a profile: the company starts with one made of
      // what it registered, with its first Administrator assigned (issue 11 item 16).
      const profile = await insertOrgUnit(tx, company.id, {
        name: input.legalName,
        code,
        knownAs: blankToNull(input.knownAs),
        ...address,
        taxIdentificationType: input.taxIdType,
        taxIdentificationNumber: taxNumber,
        isTaxIdValid: orgUnitTaxIdValid(input.taxIdType, taxNumber),
      });
      await replaceOrgUnitUsers(tx, company.id, profile.id, [userId]);
      return { company, userId, accountId };
    })
    .catch(rethrowDuplicate);

  const token = blankToNull(input.invitationToken);
  const invitation = token ? await describeToken(db, token) : null;
  try {
    await deps.mailer.send(
      welcomeMail({
        email,
        firstName: input.userFirstName,
        companyName: created.company.name,
        temporaryPassword,
        publicUrl: deps.publicUrl,
        ...(invitation ? { next: welcomeNext(deps.publicUrl, invitation, input.isBoarding) } : {}),
      }),
    );
  } catch (err) {
    // Without the mail nobody can sign in, and a retry would be refused as a duplicate:
    // take the registration back so the visitor can simply try again.
    deps.log.error({ err }, 'welcome e-mail failed; registration undone');
    await unsafeDeleteRegistration(db, {
      companyId: created.company.id,
      userId: created.userId,
      accountId: created.accountId,
    });
    throw new AppError(
      503,
      'mail_unavailable',
      'We could not send the welcome email. Please try again in a few minutes.',
    );
  }
  if (token && invitation) {
    await attachInvitation(
      deps,
      { companyId: created.company.id, userId: created.userId },
      token,
      input.isBoarding,
    );
  }
  // Other companies' connections that are this company now read 'On network'. The registration
  // stands even if this fails: the next save of such a connection matches it again.
  await refreshMatchesForCompany(db, created.company.id).catch((err: unknown) =>
    deps.log.error({ err }, 'network matching after registration failed'),
  );
  return { id: created.company.id, name: created.company.name };
}

/** Where the welcome mail's sign-in leads for a company that registered from an invitation. */
function welcomeNext(publicUrl: string, invitation: TokenDescription, isBoarding: boolean) {
  const inviter = invitation.senderCompanyName;
  return isBoarding
    ? {
        text: `Your request to connect is on its way to ${inviter}; you can start as soon as they accept it.`,
        label: 'Sign in',
        url: `${publicUrl}/landingpage`,
      }
    : {
        text: `The invitation from ${inviter} is waiting for you in Invitations: sign in to accept it.`,
        label: 'Sign in and view the invitation',
        url: `${publicUrl}/admin/invitations`,
      };
}

/**
 * Spec 2 §2.9–2.10: registering from /register/{token} gives the new company the invitation (it
 * sees it on first sign-in); from /onboarding/{token} its connection request goes to the inviter
 * and the company waits (onboarding pending). After the welcome mail, so a registration undone for
 * a failed mail never takes an invitation with it. A failure here leaves the registration
 * standing: the mailed link still works through 'Already have a login?'.
 */
async function attachInvitation(
  deps: RegistrationDeps,
  actor: { companyId: number; userId: number },
  token: string,
  isBoarding: boolean,
): Promise<void> {
  const { db } = deps;
  try {
    if (!isBoarding) {
      await db.transaction((tx) => bindInvitationToken(tx, actor.companyId, token, new Date()));
      return;
    }
    const done = await db.transaction((tx) => onboardInTx(tx, actor, token, new Date()));
    if (done) await mailOnboarded(deps, done);
  } catch (err) {
    deps.log.error({ err }, 'attaching the invitation after registration failed');
  }
}

/**
 * The lock covers registrations only; a company or user written elsewhere at the same moment
 * surfaces as a unique violation, which is still a duplicate and not a server error.
 */
function rethrowDuplicate(error: unknown): never {
  const constraint = uniqueViolationConstraint(error);
  if (constraint === null) throw error;
  throw constraint.includes('email')
    ? conflict(registrationMessages.duplicateEmail, 'email_taken')
    : conflict(registrationMessages.duplicateCompany, 'company_exists');
}

function uniqueViolationConstraint(error: unknown): string | null {
  // Drizzle wraps driver errors: the SQLSTATE may be on the error or on its cause.
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
