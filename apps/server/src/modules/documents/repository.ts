import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutTenantScope } from '../../db/tenant-scope';
import {
  companies,
  documentMetadata,
  documentRoutes,
  documents,
  documentTypes,
  memberships,
  metadataDefinitions,
  metadataLookupValues,
  notifications,
  orgUnits,
  parties,
} from '../../db/schema/index';

/**
 * Document screen queries. Tenant scoping: a document is reached only after access.ts found the
 * caller's route row; the queries here then work on that document id, and everything else they
 * touch (parties, org units, routes) is scoped by the company id they take first.
 */
export type DocumentRow = typeof documents.$inferSelect;
export type RouteRow = typeof documentRoutes.$inferSelect;
export type DefinitionRow = typeof metadataDefinitions.$inferSelect;
export type LookupValueRow = typeof metadataLookupValues.$inferSelect;
export type PartyRow = typeof parties.$inferSelect;

export async function findDocumentType(db: Db, typeId: number) {
  const [row] = await db.select().from(documentTypes).where(eq(documentTypes.id, typeId));
  if (!row) throw new Error(`document type ${typeId} missing from reference data`);
  return row;
}
export type DocumentTypeRow = Awaited<ReturnType<typeof findDocumentType>>;

/** Reference data: the fields of a type, in screen order. */
export async function findDefinitions(db: Db, typeId: number): Promise<DefinitionRow[]> {
  return db
    .select()
    .from(metadataDefinitions)
    .where(eq(metadataDefinitions.documentTypeId, typeId))
    .orderBy(asc(metadataDefinitions.sortOrder), asc(metadataDefinitions.id));
}

/** Reference data: one field definition by id. */
export async function findDefinition(db: Db, id: number): Promise<DefinitionRow | null> {
  const [row] = await db.select().from(metadataDefinitions).where(eq(metadataDefinitions.id, id));
  return row ?? null;
}

/** Reference data: the allowed values of List fields, by definition id. */
export async function findLookupValues(db: Db, definitionIds: number[]) {
  const byDefinition = new Map<number, LookupValueRow[]>();
  if (definitionIds.length === 0) return byDefinition;
  const rows = await db
    .select()
    .from(metadataLookupValues)
    .where(inArray(metadataLookupValues.metadataDefinitionId, definitionIds))
    .orderBy(asc(metadataLookupValues.sortOrder), asc(metadataLookupValues.id));
  for (const row of rows) {
    byDefinition.set(row.metadataDefinitionId, [
      ...(byDefinition.get(row.metadataDefinitionId) ?? []),
      row,
    ]);
  }
  return byDefinition;
}

/** The stored values of a document with the names of their parties. */
export async function findMetadataValues(db: Db, documentId: number) {
  return db
    .select({
      metadataDefinitionId: documentMetadata.metadataDefinitionId,
      value: documentMetadata.value,
      autoExtracted: documentMetadata.autoExtracted,
      lookupValueId: documentMetadata.lookupValueId,
      partyId: documentMetadata.partyId,
      partyName: parties.name,
    })
    .from(documentMetadata)
    .leftJoin(parties, eq(parties.id, documentMetadata.partyId))
    .where(eq(documentMetadata.documentId, documentId));
}
export type StoredValue = Awaited<ReturnType<typeof findMetadataValues>>[number];

export async function findCompanyNames(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findCompany(db: Db, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

/** Serialises writers of one document (save, send, cancel…) until the transaction ends. */
export async function lockDocument(db: Db, documentId: number) {
  await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.id, documentId))
    .for('update');
}

export async function upsertMetadataValue(
  db: Db,
  documentId: number,
  metadataDefinitionId: number,
  v: { value: string | null; lookupValueId: number | null; partyId: number | null },
) {
  const values = { ...v, autoExtracted: false, updatedAt: new Date() };
  await db
    .insert(documentMetadata)
    .values({ documentId, metadataDefinitionId, ...values })
    .onConflictDoUpdate({
      target: [documentMetadata.documentId, documentMetadata.metadataDefinitionId],
      set: values,
    });
}

export async function touchDocument(db: Db, documentId: number, values: Partial<DocumentRow> = {}) {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
}

/** Marks the company's route read; true when it was unread. */
export async function markRouteRead(db: Db, companyId: number, documentId: number) {
  const rows = await db
    .update(documentRoutes)
    .set({ isRead: true })
    .where(
      and(
        eq(documentRoutes.companyId, companyId),
        eq(documentRoutes.documentId, documentId),
        eq(documentRoutes.isRead, false),
      ),
    )
    .returning({ id: documentRoutes.id });
  return rows.length > 0;
}

export async function updateRoute(
  db: Db,
  companyId: number,
  routeId: number,
  values: Partial<Pick<RouteRow, 'routeStatusId' | 'partyId' | 'counterpartyCompanyId' | 'isRead'>>,
) {
  await db
    .update(documentRoutes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(documentRoutes.companyId, companyId), eq(documentRoutes.id, routeId)));
}

/** Every route of a document (both companies) gets the status: used when a version replaces it. */
export async function setStatusOfAllRoutes(db: Db, documentId: number, routeStatusId: number) {
  await db
    .update(documentRoutes)
    .set({ routeStatusId, updatedAt: new Date() })
    .where(eq(documentRoutes.documentId, documentId));
}

export async function insertRoute(db: Db, values: typeof documentRoutes.$inferInsert) {
  await db.insert(documentRoutes).values(values);
}

/** Inserts the company's route of a document, or resets the one it already has. */
export async function upsertRoute(db: Db, values: typeof documentRoutes.$inferInsert) {
  const { documentId: _d, companyId: _c, ...rest } = values;
  await db
    .insert(documentRoutes)
    .values(values)
    .onConflictDoUpdate({
      target: [documentRoutes.documentId, documentRoutes.companyId],
      set: { ...rest, updatedAt: new Date() },
    });
}

export async function routeExists(db: Db, documentId: number, companyId: number) {
  const [row] = await db
    .select({ id: documentRoutes.id })
    .from(documentRoutes)
    .where(and(eq(documentRoutes.documentId, documentId), eq(documentRoutes.companyId, companyId)));
  return row !== undefined;
}

export async function softDeleteDocuments(db: Db, ids: number[]) {
  if (ids.length === 0) return;
  const now = new Date();
  await db
    .update(documents)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
}

/** A connection of the company (any status). */
export async function findCompanyParty(db: Db, companyId: number, partyId: number) {
  const [row] = await db
    .select()
    .from(parties)
    .where(and(eq(parties.companyId, companyId), eq(parties.id, partyId)));
  return row ?? null;
}

/** The receiver's own connection for the sender company (its oldest active one), if any. */
export async function findConnectionTo(db: Db, companyId: number, otherCompanyId: number) {
  // Row-level security escape: publishing names the receiver's connection for the sender on
  // the receiver's route (each side sees the document through its own connection).
  const [row] = await withoutTenantScope(() =>
    db
      .select({ id: parties.id })
      .from(parties)
      .where(
        and(
          eq(parties.companyId, companyId),
          eq(parties.connectedCompanyId, otherCompanyId),
          eq(parties.isActive, true),
          eq(parties.isDisconnected, false),
        ),
      )
      .orderBy(asc(parties.id))
      .limit(1),
  );
  return row?.id ?? null;
}

/**
 * How `companyId` knows the parties the owner of a document chose (the owner's connections, kept
 * in the document's metadata): per owner party id, the caller's oldest active connection to the
 * same company, or null (a company that is the caller itself, or one it is not connected to).
 * unsafe: reads the owner's parties without tenant scope, only for their connected company ids;
 * the caller reaches this only for a document it can see that names them.
 */
export async function unsafeResolveOwnerParties(
  db: Db,
  companyId: number,
  ownerPartyIds: number[],
): Promise<Map<number, { id: number; name: string } | null>> {
  // Row-level security escape: deliberately not tenant-scoped (unsafe…, see above).
  return withoutTenantScope(async () => {
    const resolved = new Map<number, { id: number; name: string } | null>(
      ownerPartyIds.map((id) => [id, null]),
    );
    if (ownerPartyIds.length === 0) return resolved;
    const theirs = await db
      .select({ id: parties.id, connectedCompanyId: parties.connectedCompanyId })
      .from(parties)
      .where(inArray(parties.id, ownerPartyIds));
    const companyIds = [
      ...new Set(theirs.map((p) => p.connectedCompanyId).filter((c): c is number => c !== null)),
    ].filter((c) => c !== companyId);
    if (companyIds.length === 0) return resolved;
    const mine = await db
      .select({
        id: parties.id,
        name: parties.name,
        connectedCompanyId: parties.connectedCompanyId,
      })
      .from(parties)
      .where(
        and(
          eq(parties.companyId, companyId),
          inArray(parties.connectedCompanyId, companyIds),
          eq(parties.isActive, true),
          eq(parties.isDisconnected, false),
        ),
      )
      .orderBy(asc(parties.id));
    const byCompany = new Map<number, { id: number; name: string }>();
    for (const p of mine) {
      if (p.connectedCompanyId !== null && !byCompany.has(p.connectedCompanyId)) {
        byCompany.set(p.connectedCompanyId, { id: p.id, name: p.name });
      }
    }
    for (const p of theirs) {
      resolved.set(
        p.id,
        p.connectedCompanyId === null ? null : (byCompany.get(p.connectedCompanyId) ?? null),
      );
    }
    return resolved;
  });
}

/** Connections offered for a party field: of one type (or any), connected ones unless `all`. */
export async function findPartyOptions(
  db: Db,
  companyId: number,
  partyTypeId: number | null,
  all: boolean,
) {
  return db
    .select({ id: parties.id, lookupValue: parties.name })
    .from(parties)
    .where(
      and(
        eq(parties.companyId, companyId),
        eq(parties.isActive, true),
        partyTypeId === null ? undefined : eq(parties.partyTypeId, partyTypeId),
        all
          ? undefined
          : and(eq(parties.isDisconnected, false), sql`${parties.connectedCompanyId} is not null`),
      ),
    )
    .orderBy(asc(parties.name), asc(parties.id));
}

export async function findActiveOrgUnits(db: Db, companyId: number) {
  return db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(and(eq(orgUnits.companyId, companyId), eq(orgUnits.isActive, true)))
    .orderBy(asc(orgUnits.name), asc(orgUnits.id));
}

/** Active, unblocked members of a company (the receivers of a document notification). */
export async function findMemberIds(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.isActive, true),
        eq(memberships.blocked, false),
      ),
    )
    .orderBy(asc(memberships.userId));
  return rows.map((r) => r.userId);
}

export async function insertNotifications(db: Db, rows: (typeof notifications.$inferInsert)[]) {
  if (rows.length) await db.insert(notifications).values(rows);
}
