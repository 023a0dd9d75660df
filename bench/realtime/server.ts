// One API instance of bench/realtime.ts, in its own process (its RSS is the server's alone).
// Talks to the bench over IPC: 'setup' (instance 1: companies, users, memberships), 'fire'
// (insert a batch of events in one transaction), 'rss'.
import fs from 'node:fs';
import { Role, UserType } from '@flowline/shared';
import { buildApp } from '../../apps/server/src/app';
import type { SigningKeys } from '../../apps/server/src/auth/keys';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedReferenceData } from '../../apps/server/src/db/seed/reference-data';
import {
  companies,
  membershipRoles,
  memberships,
  notifications,
  realtimeEvents,
  users,
} from '../../apps/server/src/db/schema/index';

export type ServerCommand =
  | { id: number; cmd: 'setup'; users: number; companies: number; run: string }
  | {
      id: number;
      cmd: 'fire';
      events: Array<{ companyId: number; userId: number | null; sentAt: number }>;
    }
  | { id: number; cmd: 'rss' };

const keys = JSON.parse(fs.readFileSync(process.env.BENCH_KEYS_FILE!, 'utf8')) as SigningKeys;
const config = loadConfig({
  ...process.env,
  PORT: '0',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  JOB_WORKERS: 'off',
});
const database = await openDatabase({ url: process.env.DATABASE_URL || null });
await database.migrate();
await seedReferenceData(database.db);
const app = await buildApp({ config, database, keys, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const db = database.db;

async function setup(userCount: number, companyCount: number, run: string) {
  const made = await db
    .insert(companies)
    .values(
      Array.from({ length: companyCount }, (_, i) => ({
        name: `Bench ${run} ${i}`,
        code: `RT${run}${i}`.toUpperCase().slice(0, 20),
      })),
    )
    .returning({ id: companies.id });
  const people: Array<{ userId: number; companyId: number; externalId: string; email: string }> =
    [];
  for (let start = 0; start < userCount; start += 500) {
    const batch = Array.from({ length: Math.min(500, userCount - start) }, (_, j) => {
      const i = start + j;
      return {
        externalId: `rt-${run}-${i}`,
        emailAddress: `rt-${run}-${i}@bench.example`,
        firstName: 'Bench',
        lastName: `User ${i}`,
        userTypeId: UserType.Regular,
      };
    });
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    const links = rows.map((row, j) => ({
      userId: row.id,
      companyId: made[(start + j) % made.length]!.id,
    }));
    await db.insert(memberships).values(links);
    await db
      .insert(membershipRoles)
      .values(links.map((l) => ({ ...l, roleId: Role.User, isMain: true })));
    rows.forEach((row, j) =>
      people.push({
        ...links[j]!,
        externalId: batch[j]!.externalId,
        email: batch[j]!.emailAddress,
      }),
    );
  }
  return people;
}

async function fire(events: Extract<ServerCommand, { cmd: 'fire' }>['events']) {
  const personal = events.filter((e) => e.userId !== null);
  const wide = events.filter((e) => e.userId === null);
  await db.transaction(async (tx) => {
    // A notification per user (its trigger writes the event); a company-wide event directly.
    if (personal.length)
      await tx.insert(notifications).values(
        personal.map((e) => ({
          companyId: e.companyId,
          userId: e.userId!,
          title: `bench:${e.sentAt}`,
          message: 'bench',
        })),
      );
    if (wide.length)
      await tx.insert(realtimeEvents).values(
        wide.map((e) => ({
          companyId: e.companyId,
          userId: null,
          type: 'bench',
          payload: { sentAt: e.sentAt },
        })),
      );
  });
}

process.on('message', (message: ServerCommand) => {
  const answer = (result: unknown) => process.send!({ id: message.id, result });
  const fail = (error: unknown) => process.send!({ id: message.id, error: String(error) });
  if (message.cmd === 'setup')
    void setup(message.users, message.companies, message.run).then(answer, fail);
  else if (message.cmd === 'fire') void fire(message.events).then(() => answer(null), fail);
  else answer(process.memoryUsage().rss);
});
process.on(
  'disconnect',
  () =>
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0)),
);
process.send!({ ready: true, port, kind: database.kind });
