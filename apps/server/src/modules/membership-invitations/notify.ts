import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, notifications } from '../../db/schema/index';

/**
 * Notifications belong to a user in a company: a message for the person (not for one of their
 * companies) is shown in each company they can work in.
 */
export async function notifyInEveryCompany(
  db: Db,
  userId: number,
  message: {
    sourceCompanyId: number;
    title: string;
    message: string;
    actionId: string;
    actionData?: string;
  },
) {
  const companies = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.blocked, false)));
  if (companies.length === 0) return;
  await db
    .insert(notifications)
    .values(companies.map(({ companyId }) => ({ ...message, companyId, userId })));
}
