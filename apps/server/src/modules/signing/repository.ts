import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  divisionOrderResponses,
  documentSignatures,
  esignConsents,
  signingEvidence,
  userSignatures,
} from '../../db/schema/index';
import type { EvidenceFields, StoredEvidence } from './evidence-chain';

export type EvidenceRow = typeof signingEvidence.$inferSelect;

export async function findUserSignature(db: Db, userId: number) {
  const [row] = await db.select().from(userSignatures).where(eq(userSignatures.userId, userId));
  return row ?? null;
}

export async function upsertUserSignature(
  db: Db,
  userId: number,
  v: { imageBase64: string; fullName: string },
) {
  const now = new Date();
  const [row] = await db
    .insert(userSignatures)
    .values({ userId, ...v, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: userSignatures.userId, set: { ...v, updatedAt: now } })
    .returning();
  if (!row) throw new Error('signature not stored');
  return row;
}

/** The user's latest consent to this version of the text (null: none). */
export async function findConsent(db: Db, userId: number, version: string) {
  const [row] = await db
    .select()
    .from(esignConsents)
    .where(and(eq(esignConsents.userId, userId), eq(esignConsents.version, version)))
    .orderBy(desc(esignConsents.id))
    .limit(1);
  return row ?? null;
}

export async function insertConsent(db: Db, values: typeof esignConsents.$inferInsert) {
  const [row] = await db.insert(esignConsents).values(values).returning();
  if (!row) throw new Error('consent not stored');
  return row;
}

export async function insertDocumentSignature(
  db: Db,
  values: typeof documentSignatures.$inferInsert,
) {
  await db.insert(documentSignatures).values(values);
}

export async function findDocumentSignatures(db: Db, documentId: number) {
  return db
    .select()
    .from(documentSignatures)
    .where(eq(documentSignatures.documentId, documentId))
    .orderBy(asc(documentSignatures.id));
}

export function toStoredEvidence(row: EvidenceRow): StoredEvidence {
  return {
    ...row,
    at: row.at.toISOString(),
    consentedAt: row.consentedAt?.toISOString() ?? null,
  };
}

/** A chain's entries in order. */
export async function findEvidence(db: Db, chainDocumentId: number): Promise<EvidenceRow[]> {
  return db
    .select()
    .from(signingEvidence)
    .where(eq(signingEvidence.chainDocumentId, chainDocumentId))
    .orderBy(asc(signingEvidence.seq), asc(signingEvidence.id));
}

export async function findEvidenceHead(db: Db, chainDocumentId: number) {
  const [row] = await db
    .select({ seq: signingEvidence.seq, hash: signingEvidence.hash })
    .from(signingEvidence)
    .where(eq(signingEvidence.chainDocumentId, chainDocumentId))
    .orderBy(desc(signingEvidence.seq))
    .limit(1);
  return row ?? null;
}

export async function insertEvidence(db: Db, entry: EvidenceFields & { hash: string }) {
  await db.insert(signingEvidence).values({
    ...entry,
    at: new Date(entry.at),
    consentedAt: entry.consentedAt ? new Date(entry.consentedAt) : null,
  });
}

/** Issue 31 item 3: the owner's decline reason, kept for the operator's lists and filters. */
export async function recordDecline(
  db: Db,
  v: {
    documentId: number;
    operatorCompanyId: number;
    ownerCompanyId: number;
    declineReason: string;
    declineText: string | null;
    at: Date;
  },
) {
  const set = {
    declineReason: v.declineReason,
    declineText: v.declineText,
    declinedAt: v.at,
    updatedAt: v.at,
  };
  await db
    .insert(divisionOrderResponses)
    .values({
      documentId: v.documentId,
      operatorCompanyId: v.operatorCompanyId,
      ownerCompanyId: v.ownerCompanyId,
      ...set,
    })
    .onConflictDoUpdate({ target: divisionOrderResponses.documentId, set });
}

export async function findDecline(db: Db, documentId: number) {
  const [row] = await db
    .select({
      declineReason: divisionOrderResponses.declineReason,
      declineText: divisionOrderResponses.declineText,
    })
    .from(divisionOrderResponses)
    .where(eq(divisionOrderResponses.documentId, documentId));
  return row ?? null;
}
