import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { EvidenceVerification } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema/index';
import { BlobNotFoundError, type BlobStore } from '../../platform/blob-store/index';
import { loadDocument, type LoadedDocument } from '../documents/policy';
import { verifyEvidenceChain, type StoredEvidence } from './evidence-chain';
import * as repo from './repository';

async function hashBlob(blobStore: BlobStore, key: string): Promise<string | null> {
  try {
    const hash = crypto.createHash('sha256');
    for await (const chunk of await blobStore.get(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch (error) {
    if (error instanceof BlobNotFoundError) return null;
    throw error;
  }
}

export interface VerifiedEvidence {
  loaded: LoadedDocument;
  entries: StoredEvidence[];
  verification: EvidenceVerification;
}

/**
 * GET /documents/{id}/evidence/verify: recomputes the document's chain (its version root's) and
 * hashes the stored files again: a signed version's file must still hash to what its 'sign' entry
 * recorded (and what its row says), the file an unsigned return answered to what it recorded. A
 * signed version without its 'sign' entry (a removed last entry) breaks the chain too.
 */
export async function verifyDocumentEvidence(
  db: Db,
  blobStore: BlobStore,
  ctx: TenantContext,
  id: number,
): Promise<VerifiedEvidence> {
  const loaded = await loadDocument(db, ctx, id);
  const chainId = loaded.document.versionRootId ?? loaded.document.id;
  const entries = (await repo.findEvidence(db, chainId)).map(repo.toStoredEvidence);
  const ids = [...new Set(entries.map((e) => e.documentId))];
  const rows = ids.length
    ? await db
        .select({ id: documents.id, fileKey: documents.fileKey, fileSha256: documents.fileSha256 })
        .from(documents)
        .where(inArray(documents.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const hashes = new Map<number, string | null>();
  const fileHash = async (documentId: number) => {
    if (!hashes.has(documentId)) {
      const row = byId.get(documentId);
      hashes.set(documentId, row ? await hashBlob(blobStore, row.fileKey) : null);
    }
    return hashes.get(documentId) ?? null;
  };
  let verification = await verifyEvidenceChain(entries, async (entry) => {
    const expected =
      entry.event === 'sign'
        ? entry.sha256After
        : entry.event === 'returnUnsigned'
          ? entry.sha256Before
          : null;
    if (!expected) return null;
    const row = byId.get(entry.documentId);
    if (!row) return 'The signed file is missing.';
    if (row.fileSha256 !== expected) {
      return "The document's recorded file hash differs from the evidence.";
    }
    const actual = await fileHash(entry.documentId);
    if (actual === null) return 'The stored file is missing.';
    if (actual !== expected) return 'The stored file was changed after it was signed.';
    return null;
  });
  if (verification.valid) {
    const signatures = await repo.findDocumentSignatures(db, loaded.document.id);
    const signed = entries.some((e) => e.event === 'sign' && e.documentId === loaded.document.id);
    if (signatures.length > 0 && !signed) {
      verification = {
        ...verification,
        valid: false,
        brokenAt: {
          entryId: entries.at(-1)?.id ?? 0,
          reason: 'The signing entry of this version is missing from the evidence.',
        },
      };
    }
  }
  return { loaded, entries, verification };
}
