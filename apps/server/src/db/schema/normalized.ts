import { sql, type SQL } from 'drizzle-orm';

/**
 * Network matching keys (docs/connections.md 'Network matching'), computed by PostgreSQL as
 * stored generated columns so every writer — services, seeds, test factories — keeps them right
 * and old rows needed no backfill step.
 */

/** Legal suffixes dropped from the end of a name, repeatedly ('Acme Co., Inc.' → 'acme'). */
export const LEGAL_SUFFIXES = [
  'llc',
  'inc',
  'co',
  'corp',
  'corporation',
  'company',
  'ltd',
  'lp',
  'llp',
];

/**
 * Lowercase; dots and apostrophes dropped ('L.L.C.' → 'llc'); any other run of non [a-z0-9]
 * characters is one space; trimmed; trailing legal suffixes removed; empty → null.
 */
export function normalizedNameSql(column: string): SQL {
  const suffixes = LEGAL_SUFFIXES.join('|');
  return sql.raw(
    `nullif(regexp_replace(btrim(regexp_replace(regexp_replace(lower("${column}"), '[.'']', '', 'g'), '[^a-z0-9]+', ' ', 'g')), '( (${suffixes}))+$', ''), '')`,
  );
}

/** Only the digits of a tax number; null when it has none. */
export function taxDigitsSql(column: string): SQL {
  return sql.raw(`nullif(regexp_replace(coalesce("${column}", ''), '[^0-9]', '', 'g'), '')`);
}
