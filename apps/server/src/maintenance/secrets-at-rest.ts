import { and, asc, eq, gt, isNotNull, like, not, or } from 'drizzle-orm';
import { ISSUER_KEYS_AAD } from '../auth/keys';
import type { Db } from '../db/client';
import { achs, issuerKeys } from '../db/schema/index';
import { sealAchNumbers } from '../modules/ach/numbers';
import { ENVELOPE_VERSION, isEnvelope, type KeyRing } from '../platform/crypto/envelope';

/**
 * Secrets at rest (docs/secrets-at-rest.md): the start-up step that encrypts what older versions
 * stored in plain text, and the rotation that re-wraps every data key under the current master key.
 */

/**
 * ACH numbers stored before migration 0032: sealed, last four digits kept, plaintext set to NULL.
 * One transaction; idempotent (only rows still holding plaintext); returns how many it encrypted.
 */
export async function encryptLegacyAchNumbers(db: Db, keys: KeyRing): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: achs.id,
        routingNumber: achs.legacyRoutingNumber,
        accountNumber: achs.legacyAccountNumber,
      })
      .from(achs)
      .where(or(isNotNull(achs.legacyRoutingNumber), isNotNull(achs.legacyAccountNumber)))
      .for('update');
    for (const row of rows) {
      const sealed = sealAchNumbers(keys, row.id, {
        routingNumber: row.routingNumber ?? '',
        accountNumber: row.accountNumber ?? '',
      });
      await tx
        .update(achs)
        .set({ ...sealed, legacyRoutingNumber: null, legacyAccountNumber: null })
        .where(eq(achs.id, row.id));
    }
    return rows.length;
  });
}

/** The embedded issuer's keys stored as plain JSON before: sealed in place. */
export async function encryptLegacyIssuerKeys(db: Db, keys: KeyRing): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(issuerKeys)
      .where(not(like(issuerKeys.keys, `${ENVELOPE_VERSION}:%`)))
      .for('update');
    for (const row of rows) {
      await tx
        .update(issuerKeys)
        .set({ keys: keys.encrypt(row.keys, ISSUER_KEYS_AAD(row.id)) })
        .where(eq(issuerKeys.id, row.id));
    }
    return rows.length;
  });
}

/** Everything the start-up encrypts, logged by the caller. */
export async function encryptLegacySecrets(db: Db, keys: KeyRing) {
  return {
    achs: await encryptLegacyAchNumbers(db, keys),
    issuerKeys: await encryptLegacyIssuerKeys(db, keys),
  };
}

export interface RotationReport {
  achs: number;
  issuerKeys: number;
}

/**
 * Re-wraps every data key not yet under the current master key (the data itself is not
 * re-encrypted). Batches of `batchSize` rows in their own transactions, in id order: an
 * interrupted run is simply run again and carries on with what is left.
 */
export async function rotateDatabaseSecrets(
  db: Db,
  keys: KeyRing,
  options: { batchSize?: number; onBatch?: (table: string, done: number) => void } = {},
): Promise<RotationReport> {
  const batchSize = options.batchSize ?? 500;
  const current = `${ENVELOPE_VERSION}:${keys.current.id}:%`;
  const report: RotationReport = { achs: 0, issuerKeys: 0 };

  let lastId = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: achs.id,
          routing: achs.routingNumberEncrypted,
          account: achs.accountNumberEncrypted,
        })
        .from(achs)
        .where(
          and(
            gt(achs.id, lastId),
            or(
              not(like(achs.routingNumberEncrypted, current)),
              not(like(achs.accountNumberEncrypted, current)),
            ),
          ),
        )
        .orderBy(asc(achs.id))
        .limit(batchSize)
        .for('update');
      for (const row of rows) {
        await tx
          .update(achs)
          .set({
            routingNumberEncrypted: row.routing && keys.rewrap(row.routing),
            accountNumberEncrypted: row.account && keys.rewrap(row.account),
          })
          .where(eq(achs.id, row.id));
      }
      lastId = rows.at(-1)?.id ?? lastId;
      return rows.length;
    });
    report.achs += done;
    options.onBatch?.('achs', report.achs);
    if (done < batchSize) break;
  }

  report.issuerKeys = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(issuerKeys)
      .where(not(like(issuerKeys.keys, current)))
      .for('update');
    for (const row of rows) {
      if (!isEnvelope(row.keys)) continue; // plain rows are sealed by the start-up step
      await tx
        .update(issuerKeys)
        .set({ keys: keys.rewrap(row.keys) })
        .where(eq(issuerKeys.id, row.id));
    }
    return rows.length;
  });
  options.onBatch?.('issuer_keys', report.issuerKeys);
  return report;
}
