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

  try {
    await deps.mailer.send(
      welcomeMail({
        email,
        firstName: input.userFirstName,
        companyName: created.company.name,
        temporaryPassword,
        publicUrl: deps.publicUrl,
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
  // Other companies' connections that are this company now read 'On network'. The registration
  // stands even if this fails: the next save of such a connection matches it again.
  await refreshMatchesForCompany(db, created.company.id).catch((err: unknown) =>
    deps.log.error({ err }, 'network matching after registration failed'),
  );
  return { id: created.company.id, name: created.company.name };
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
