/**
 * Whether a database error is a unique-key violation (SQLSTATE 23505). Drizzle wraps driver errors,
 * so the code may sit on the error itself (pg, PGlite) or on its cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if (typeof e === 'object' && 'code' in e && (e as { code: unknown }).code === '23505') {
      return true;
    }
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
  return false;
}
