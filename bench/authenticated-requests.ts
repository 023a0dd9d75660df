// Throughput of the authenticated, tenant-scoped request path (token verification, user lookup,
// membership check, one query) against the real app. Prints figures; it is not a timed test.
//   npx tsx bench/authenticated-requests.ts            (PGlite in memory)
//   createdb -h 127.0.0.1 -U postgres flowline_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/flowline_bench npx tsx bench/authenticated-requests.ts
import autocannon from 'autocannon';
import { SignJWT, importJWK } from 'jose';
import { buildApp } from '../apps/server/src/app';
import { generateSigningKeys } from '../apps/server/src/auth/keys';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import { seedReferenceData } from '../apps/server/src/db/seed/reference-data';
import { companies, users } from '../apps/server/src/db/schema/index';
import { eq } from 'drizzle-orm';

const config = loadConfig({
  ...process.env,
  PORT: '3199',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
});
const database = await openDatabase({ url: process.env.DATABASE_URL ?? null });
await database.migrate();
await seedReferenceData(database.db);
if ((await database.db.select().from(companies).limit(1)).length === 0)
  await seedDemoData(database.db);
const keys = await generateSigningKeys();
const app = await buildApp({ config, database, keys, logger: false });
await app.listen({ port: 3199, host: '127.0.0.1' });

const [user] = await database.db
  .select()
  .from(users)
  .where(eq(users.emailAddress, 'dana@flowline.example'));
const [company] = await database.db.select().from(companies).where(eq(companies.code, 'PBS'));
const jwk = keys.privateJwks.keys[0]!;
const token = await new SignJWT({ email: user!.emailAddress })
  .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
  .setIssuer(config.oidc.issuer)
  .setAudience(config.oidc.audience)
  .setSubject(user!.externalId!)
  .setExpirationTime('1h')
  .sign(await importJWK(jwk, 'RS256'));

const targets = [
  { title: 'GET /api/health (no auth)', path: '/api/health', headers: {} },
  {
    title: 'GET /api/featureflags (token + Company-Id)',
    path: '/api/featureflags',
    headers: { authorization: `Bearer ${token}`, 'company-id': String(company!.id) },
  },
  {
    title: 'GET /api/users/current (token + Company-Id)',
    path: '/api/users/current',
    headers: { authorization: `Bearer ${token}`, 'company-id': String(company!.id) },
  },
];
console.log(`database: ${database.kind}`);
for (const t of targets) {
  const result = await autocannon({
    url: `http://127.0.0.1:3199${t.path}`,
    headers: t.headers,
    connections: 20,
    duration: 8,
  });
  console.log(
    `${t.title.padEnd(48)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${result.non2xx}`,
  );
}
await app.close();
await database.close();
