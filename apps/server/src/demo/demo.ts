import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  companies,
  companyPartyTypes,
  identityAccounts,
  membershipRoles,
  memberships,
  users,
} from '../db/schema/index';
import { hashPassword } from '../auth/passwords';
import { seedDemoAch } from '../modules/ach/demo';
import type { BlobStore } from '../platform/blob-store/index';
import { seedDemoAccountCodes } from '../modules/line-items/demo';
import { seedDemoOrgUnits } from '../modules/org-units/demo';
import { DEMO_PASSWORD, DEMO_TEMPORARY_PASSWORD, demoCompanies, demoUsers } from './demo-data';
import { seedDemoChat } from './demo-chat';
import { seedDemoDocuments } from './demo-documents';

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo companies, users and memberships, in one transaction; with a blob store also the demo
 * connections and documents (their PDFs go to the store first).
 */
export async function seedDemoData(db: Db, blobStore?: BlobStore): Promise<void> {
  const [demoHash, temporaryHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_TEMPORARY_PASSWORD),
  ]);
  await db.transaction(async (tx) => {
    const companyIds = new Map<string, number>();
    const userIdsByEmail = new Map<string, number>();
    for (const c of demoCompanies) {
      const [row] = await tx
        .insert(companies)
        .values({ name: c.name, code: c.code, isCloud: c.isCloud ?? false, url: c.url ?? null })
        .returning({ id: companies.id });
      if (!row) throw new Error(`could not seed ${c.name}`);
      companyIds.set(c.key, row.id);
      await tx
        .insert(companyPartyTypes)
        .values(c.partyTypes.map((partyTypeId) => ({ companyId: row.id, partyTypeId })));
    }
    for (const u of demoUsers) {
      const [account] = await tx
        .insert(identityAccounts)
        .values({
          email: u.email,
          passwordHash: u.temporaryPassword ? temporaryHash : demoHash,
          passwordIsTemporary: u.temporaryPassword ?? false,
        })
        .returning({ id: identityAccounts.id });
      const [user] = await tx
        .insert(users)
        .values({
          externalId: account?.id ?? null,
          emailAddress: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          title: u.title ?? null,
          userTypeId: u.userType ?? 1,
        })
        .returning({ id: users.id });
      if (!user) throw new Error(`could not seed ${u.email}`);
      userIdsByEmail.set(u.email, user.id);
      for (const [key, roles] of Object.entries(u.memberships)) {
        const companyId = companyIds.get(key);
        if (companyId === undefined) throw new Error(`unknown demo company ${key}`);
        await tx.insert(memberships).values({ companyId, userId: user.id });
        await tx
          .insert(membershipRoles)
          .values(
            roles.map((roleId, i) => ({ companyId, userId: user.id, roleId, isMain: i === 0 })),
          );
      }
    }
    await seedDemoOrgUnits(tx, companyIds, userIdsByEmail);
    // Reuses the vendor's first profile (same code) and adds two connections for the ACH form.
    await seedDemoAch(tx, companyIds);
    await seedDemoAccountCodes(tx, companyIds);
    if (blobStore) {
      await seedDemoDocuments(tx, blobStore, companyIds, userIdsByEmail);
      await seedDemoChat(tx, companyIds, userIdsByEmail);
      // Read like uploads: the API queues every pending reading when it starts.
      await tx.execute(sql`
        INSERT INTO document_extractions (document_id, status)
        SELECT id, 'pending' FROM documents WHERE deleted_at IS NULL
        ON CONFLICT (document_id) DO NOTHING`);
    }
  });
}

export function demoLoginsText(): string {
  const lines = demoUsers.map((u) => `  ${u.email.padEnd(30)} ${u.note}`);
  return [`Demo sign-ins (password ${DEMO_PASSWORD} unless noted):`, ...lines].join('\n');
}
