// Issue 13: the signing evidence's hash chain — any change to any field of any entry, a removed
// or reordered entry, is detected.
import { describe, expect, it } from 'vitest';
import {
  EVIDENCE_FIELD_NAMES,
  canonicalJson,
  chainNext,
  evidenceHash,
  verifyEvidenceChain,
  type EvidenceFields,
  type StoredEvidence,
} from '../src/modules/signing/evidence-chain';

function entry(i: number): Omit<EvidenceFields, 'seq' | 'prevHash'> {
  return {
    chainDocumentId: 10,
    documentId: i === 0 ? 10 : 11,
    event: ['consent', 'sign', 'returnUnsigned'][i % 3]!,
    userId: 7,
    userName: 'Pat Purchaser',
    email: 'pat@example.com',
    companyId: 3,
    companyName: 'Purchaser Co',
    signerName: i === 1 ? 'Pat Purchaser' : null,
    at: new Date(Date.UTC(2026, 10, 25, 9, i)).toISOString(),
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    sha256Before: 'a'.repeat(64),
    sha256After: 'b'.repeat(64),
    page: 1,
    area: canonicalJson({ x: 0.1, y: 0.2, width: 0.3, height: 0.1 }),
    consentVersion: '2026-11-1',
    consentedAt: new Date(Date.UTC(2026, 10, 25, 8)).toISOString(),
  };
}

function chain(n: number): StoredEvidence[] {
  const out: StoredEvidence[] = [];
  for (let i = 0; i < n; i++) {
    const prev = out.at(-1);
    const next = chainNext(prev ? { seq: prev.seq, hash: prev.hash } : null, entry(i));
    out.push({ ...next, id: 100 + i });
  }
  return out;
}

/** A value of the same kind that differs from `value`. */
function changed(value: unknown): unknown {
  if (value === null) return 'x';
  if (typeof value === 'number') return value + 1;
  return `${String(value)}x`;
}

describe('the evidence hash chain', () => {
  it('an untouched chain is valid and its head is the last hash', async () => {
    const entries = chain(3);
    expect(entries[0]!.prevHash).toBeNull();
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(await verifyEvidenceChain(entries)).toEqual({
      valid: true,
      entries: 3,
      headHash: entries[2]!.hash,
      brokenAt: null,
    });
    expect(await verifyEvidenceChain([])).toMatchObject({
      valid: true,
      entries: 0,
      headHash: null,
    });
  });

  it('canonical JSON sorts keys, so the hash does not depend on property order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] })).toBe(
      '{"a":[{"c":"x","d":null}],"b":1}',
    );
    const e = { ...entry(0), seq: 1, prevHash: null };
    const reversed = Object.fromEntries(Object.entries(e).reverse()) as unknown as EvidenceFields;
    expect(evidenceHash(reversed)).toBe(evidenceHash(e));
  });

  it('changing any field of any entry is detected at that entry', async () => {
    const fields = [...EVIDENCE_FIELD_NAMES, 'hash'] as const;
    for (let i = 0; i < 3; i++) {
      for (const field of fields) {
        const entries = chain(3);
        const target = entries[i]! as unknown as Record<string, unknown>;
        target[field] = changed(target[field]);
        const result = await verifyEvidenceChain(entries);
        expect(result.valid, `${field} of entry ${i + 1}`).toBe(false);
        // A changed seq or chain id may show as a gap at the same entry or as a mismatch.
        expect(result.brokenAt?.entryId, `${field} of entry ${i + 1}`).toBe(entries[i]!.id);
      }
    }
  });

  it('a removed, duplicated or reordered entry is detected', async () => {
    const removed = chain(3);
    removed.splice(1, 1);
    expect((await verifyEvidenceChain(removed)).brokenAt?.entryId).toBe(102);

    const first = chain(3);
    first.shift();
    expect((await verifyEvidenceChain(first)).valid).toBe(false);

    const swapped = chain(3);
    [swapped[1]!.seq, swapped[2]!.seq] = [swapped[2]!.seq, swapped[1]!.seq];
    expect((await verifyEvidenceChain(swapped)).valid).toBe(false);

    // A rewritten tail with recomputed hashes still fails where it joins the untouched entries.
    const rewritten = chain(3);
    const forged = { ...rewritten[1]!, ip: '198.51.100.1' };
    forged.hash = evidenceHash(forged);
    rewritten[1] = forged;
    expect((await verifyEvidenceChain(rewritten)).brokenAt?.entryId).toBe(rewritten[2]!.id);
  });

  it('the file check reports a changed file at its entry', async () => {
    const entries = chain(2);
    const result = await verifyEvidenceChain(entries, async (e) =>
      e.event === 'sign' ? 'The stored file was changed after it was signed.' : null,
    );
    expect(result).toMatchObject({
      valid: false,
      brokenAt: { entryId: 101, reason: 'The stored file was changed after it was signed.' },
    });
  });
});
