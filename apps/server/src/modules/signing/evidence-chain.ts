import crypto from 'node:crypto';
import type { EvidenceVerification } from '@flowline/shared';

/**
 * The signing evidence's hash chain (docs/signing.md "Evidence"). Pure functions: the entry's
 * canonical JSON (keys sorted, every field present, times as ISO strings), its SHA-256, and the
 * verification of a whole chain. Changing any field of any entry, removing or reordering entries
 * changes a hash that a later entry (or the entry itself) records.
 */

export type EvidenceEvent = 'consent' | 'sign' | 'returnUnsigned';

/** Every field the hash covers (the row's columns except id and hash). */
export interface EvidenceFields {
  chainDocumentId: number;
  seq: number;
  documentId: number;
  event: string;
  userId: number | null;
  userName: string | null;
  email: string | null;
  companyId: number | null;
  companyName: string | null;
  signerName: string | null;
  at: string;
  ip: string | null;
  userAgent: string | null;
  sha256Before: string | null;
  sha256After: string | null;
  page: number | null;
  area: string | null;
  consentVersion: string | null;
  consentedAt: string | null;
  prevHash: string | null;
}

export const EVIDENCE_FIELD_NAMES: readonly (keyof EvidenceFields)[] = [
  'chainDocumentId',
  'seq',
  'documentId',
  'event',
  'userId',
  'userName',
  'email',
  'companyId',
  'companyName',
  'signerName',
  'at',
  'ip',
  'userAgent',
  'sha256Before',
  'sha256After',
  'page',
  'area',
  'consentVersion',
  'consentedAt',
  'prevHash',
];

/** JSON with object keys sorted at every level (undefined is written as null). */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sha256Hex(data: string | Uint8Array): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** The entry's hash: SHA-256 over the canonical JSON of all its fields, prevHash included. */
export function evidenceHash(fields: EvidenceFields): string {
  const picked = Object.fromEntries(EVIDENCE_FIELD_NAMES.map((k) => [k, fields[k] ?? null]));
  return sha256Hex(canonicalJson(picked));
}

/** A canonical area string ({"height":…,"width":…,"x":…,"y":…}), stored and hashed as text. */
export const areaText = (area: { x: number; y: number; width: number; height: number }) =>
  canonicalJson({ x: area.x, y: area.y, width: area.width, height: area.height });

/** The fields of the next entry in a chain whose head is `head` (null: the first entry). */
export function chainNext<T extends Omit<EvidenceFields, 'seq' | 'prevHash'>>(
  head: { seq: number; hash: string } | null,
  entry: T,
): EvidenceFields & { hash: string } {
  const fields: EvidenceFields = {
    ...entry,
    seq: (head?.seq ?? 0) + 1,
    prevHash: head?.hash ?? null,
  };
  return { ...fields, hash: evidenceHash(fields) };
}

export interface StoredEvidence extends EvidenceFields {
  id: number;
  hash: string;
}

/**
 * Recomputes the chain: entries in seq order, numbered 1…n without gaps, each one's prevHash the
 * previous one's hash and its own hash matching its fields. `fileCheck` verifies an entry's
 * recorded file hash (the stored file of a signed version must still hash to sha256After).
 */
export async function verifyEvidenceChain(
  entries: readonly StoredEvidence[],
  fileCheck?: (entry: StoredEvidence) => Promise<string | null>,
): Promise<EvidenceVerification> {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq || a.id - b.id);
  let prev: StoredEvidence | null = null;
  for (const [i, entry] of sorted.entries()) {
    const broken = (reason: string): EvidenceVerification => ({
      valid: false,
      entries: sorted.length,
      headHash: sorted.at(-1)?.hash ?? null,
      brokenAt: { entryId: entry.id, reason },
    });
    if (entry.seq !== i + 1) {
      return broken(`Entry ${i + 1} is missing: the chain jumps to entry ${entry.seq}.`);
    }
    if (entry.prevHash !== (prev?.hash ?? null)) {
      return broken('The previous-entry hash does not match the previous entry.');
    }
    if (evidenceHash(entry) !== entry.hash) {
      return broken('The entry does not match its hash: it was changed after it was written.');
    }
    if (i > 0 && prev && entry.chainDocumentId !== prev.chainDocumentId) {
      return broken('The entry belongs to another document.');
    }
    const fileProblem = fileCheck ? await fileCheck(entry) : null;
    if (fileProblem) return broken(fileProblem);
    prev = entry;
  }
  return { valid: true, entries: sorted.length, headHash: prev?.hash ?? null, brokenAt: null };
}
