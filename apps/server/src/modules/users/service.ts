import { UserType, type CurrentUser } from '@flowline/shared';
import type { Db } from '../../db/client';
import { forbidden } from '../../errors';
import {
  companiesOfUserAndTemporaryPassword,
  findActiveMembership,
  type ActiveMembership,
  setWelcomeMessageHidden,
} from '../companies/membership-repository';
import { presentCurrentUser } from './presenter';
import { hasTemporaryPassword, type UserRow } from './repository';

/** The user as the shell needs it; with a company, their roles and welcome state in it. */
export async function getCurrentUser(
  db: Db,
  user: UserRow,
  companyId: number | undefined,
  /** The membership of `companyId` when the request context already loaded it. */
  known?: ActiveMembership | null,
): Promise<CurrentUser> {
  const [{ companies, isTemporaryPassword: temporary }, membership] = await Promise.all([
    companiesOfUserAndTemporaryPassword(db, user.id, user.emailAddress),
    companyId === undefined
      ? null
      : known !== undefined
        ? known
        : findActiveMembership(db, user.id, companyId),
  ]);
  const isTemporaryPassword = temporary ?? (await hasTemporaryPassword(db, user));
  if (companyId !== undefined && !membership) {
    throw forbidden('You are not a member of the selected company', 'company_forbidden');
  }
  return presentCurrentUser(user, {
    companies,
    roles: membership?.roles ?? [],
    isTemporaryPassword,
    showWelcomeMessage: membership ? !membership.welcomeMessageHidden : false,
  });
}

export async function recordWelcomeMessageDisplayed(
  db: Db,
  ctx: { userId: number; companyId: number; userType: number },
  doNotShowAgain: boolean,
): Promise<void> {
  // Only the opt-out is remembered; 'Skip for now' shows the dialog again at the next sign-in.
  // A Global (support) user works in many customers' companies and is not the one to upload their
  // logo or W9: once displayed, the dialog is remembered for them whatever they chose.
  if (doNotShowAgain || ctx.userType === UserType.Global) {
    await setWelcomeMessageHidden(db, ctx.userId, ctx.companyId, true);
  }
}
