import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import {
  companies,
  companyPartyTypes,
  documentAttachments,
  documentHistory,
  documents,
  metadataDefinitions,
  orgUnits,
  parties,
  partyOrgUnits,
} from '../../db/schema/index';

export async function findCompanyName(db: Db, companyId: number): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.name ?? '';
}

export async function companyHasPartyType(
  db: Db,
  companyId: number,
  partyTypeId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ companyId: companyPartyTypes.companyId })
    .from(companyPartyTypes)
    .where(
      and(
        eq(companyPartyTypes.companyId, companyId),
        eq(companyPartyTypes.partyTypeId, partyTypeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A connection of the company (null for another company's or a missing one). */
export async function findOwnParty(db: Db, companyId: number, partyId: number) {
  const [row] = await db
    .select({
      id: parties.id,
      name: parties.name,
      connectedCompanyId: parties.connectedCompanyId,
      isDisconnected: parties.isDisconnected,
      isActive: parties.isActive,
    })
    .from(parties)
    .where(and(eq(parties.companyId, companyId), eq(parties.id, partyId)));
  return row ?? null;
}

/**
 * Bill To choices (docs/document-upload-and-files.md): the active profiles of the receiving
 * company assigned to its own connection for the sender, while that connection is linked to the
 * sender and not disconnected. Deliberately reads the receiver's rows: only ids and names of
 * profiles the receiver uses for this very relationship.
 */
export function findBillToOrgUnits(db: Db, senderCompanyId: number, receiverCompanyId: number) {
  // Row-level security escape: the receiver's profiles for this relationship (see above).
  return withoutTenantScope(() =>
    db
      .selectDistinct({ id: orgUnits.id, name: orgUnits.name })
      .from(parties)
      .innerJoin(partyOrgUnits, eq(partyOrgUnits.partyId, parties.id))
      .innerJoin(
        orgUnits,
        and(eq(orgUnits.id, partyOrgUnits.orgUnitId), eq(orgUnits.companyId, receiverCompanyId)),
      )
      .where(
        and(
          eq(parties.companyId, receiverCompanyId),
          eq(parties.connectedCompanyId, senderCompanyId),
          eq(parties.isDisconnected, false),
          eq(orgUnits.isActive, true),
        ),
      )
      .orderBy(asc(orgUnits.name), asc(orgUnits.id)),
  );
}

export function findDefinitionsOfType(db: Db, documentTypeId: number) {
  return db
    .select({
      id: metadataDefinitions.id,
      key: metadataDefinitions.key,
      fieldTypeId: metadataDefinitions.fieldTypeId,
      isDocumentProperty: metadataDefinitions.isDocumentProperty,
    })
    .from(metadataDefinitions)
    .where(eq(metadataDefinitions.documentTypeId, documentTypeId));
}

export async function insertAttachment(
  tx: Db,
  values: Omit<typeof documentAttachments.$inferInsert, 'id' | 'createdAt'>,
) {
  const [row] = await tx.insert(documentAttachments).values(values).returning();
  if (!row) throw new Error('attachment not created');
  return row;
}

export async function insertHistory(tx: Db, values: typeof documentHistory.$inferInsert) {
  await tx.insert(documentHistory).values(values);
}

/** Ids of the company's documents in a batch uploaded by the user, ascending. */
export async function findBatchDocumentIds(
  db: Db,
  companyId: number,
  batchName: string,
  userId: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.ownerCompanyId, companyId),
        eq(documents.batchName, batchName),
        eq(documents.createdByUserId, userId),
        eq(documents.isTemporary, false),
        isNull(documents.deletedAt),
      ),
    )
    .orderBy(asc(documents.id));
  return rows.map((r) => r.id);
}
