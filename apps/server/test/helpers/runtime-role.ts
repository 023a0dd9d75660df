/**
 * The login role test files connect as on the PostgreSQL server (created by global-setup.ts,
 * member of flowline_runtime): what DATABASE_URL should be in production.
 */
export const TEST_RUNTIME_ROLE = {
  name: 'flowline_test_runtime',
  password: 'flowline-test-runtime',
};

/** The same database, as the runtime role. */
export function runtimeUrl(url: URL | string): URL {
  const next = new URL(url.toString());
  next.username = TEST_RUNTIME_ROLE.name;
  next.password = TEST_RUNTIME_ROLE.password;
  return next;
}
