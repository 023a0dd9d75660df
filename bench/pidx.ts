// PIDX acceptance time (issue 30, 'Speed'): a 50-line pidx:Invoice posted over the real HTTP path
// (auth, route roles, parsing, mapping, receiver matching, a rendered PDF, one transaction that
// creates and sends the AR invoice, the receiver's coding, coding rules) — p50 / p95 printed.
//   npx tsx bench/pidx.ts [--runs 60]                 (PGlite in a temporary folder)
//   DATABASE_URL=postgres://… npx tsx bench/pidx.ts   (an empty PostgreSQL database)
import os from 'node:os';
import { parseArgs } from 'node:util';
import { PartyType, Role } from '@flowline/shared';
import { buildApp } from '../apps/server/src/app';
import { loadIssuerKeys } from '../apps/server/src/startup';
import { buildOrgUnit, buildParty } from '../apps/server/test/helpers/ach-factories';
import { buildCompany, buildMember } from '../apps/server/test/helpers/factories';
import { pidxInvoiceXml, type PidxLineSpec } from '../apps/server/test/helpers/pidx';
import { openBenchDatabase } from './lib/bench-database';
import { signAccessToken } from './lib/token';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '60' } } });
const runs = Number(args.runs);
const bench = await openBenchDatabase('pidx');
const { config, database } = bench;
const keys = (await loadIssuerKeys(config, database))!;
const app = await buildApp({ config, database, keys, logger: false });
const db = database.db;

const suffix = Date.now().toString(36);
const vendor = await buildCompany(db, {
  name: `Bench Vendor ${suffix}`,
  partyTypes: [PartyType.Vendor],
});
const operator = await buildCompany(db, { name: `Bench Operator ${suffix}` });
const billTo = await buildOrgUnit(db, operator, { name: 'Midland' });
await buildParty(db, vendor, [], {
  partyTypeId: PartyType.Purchaser,
  name: `Bench Operator ${suffix}`,
  connectedCompanyId: operator.id,
  dunsNumber: '987654321',
});
await buildParty(db, operator, [billTo], {
  partyTypeId: PartyType.Vendor,
  connectedCompanyId: vendor.id,
});
const user = await buildMember(db, vendor, [Role.User]);
const token = await signAccessToken(keys, config, user.externalId!, user.emailAddress);

// 50 lines: one in five with its own AFE, one in ten taxed; 100.00 each plus the taxes.
const lines: PidxLineSpec[] = Array.from({ length: 50 }, (_, i) => ({
  description: `Service item ${i + 1}`,
  itemCode: `ITEM-${i + 1}`,
  quantity: '4',
  uom: 'HR',
  unitPrice: '25.00',
  ...(i % 5 === 0 ? { afe: `AFE-${i}` } : {}),
  ...(i % 10 === 0 ? { tax: { type: 'SalesTax', amount: '8.25' } } : {}),
  serviceDate: '2026-10-01',
}));
const total = (50 * 100 + 5 * 8.25).toFixed(2);

const post = (n: number) =>
  app.inject({
    method: 'POST',
    url: '/api/pidx/invoices',
    payload: pidxInvoiceXml({
      invoiceNumber: `BENCH-${suffix}-${n}`,
      billTo: { duns: '987654321' },
      headerAfe: 'AFE-HEAD',
      lines,
      total,
    }),
    headers: {
      authorization: `Bearer ${token}`,
      'company-id': String(vendor.id),
      'content-type': 'application/xml',
    },
  });

for (let i = 0; i < 5; i++) {
  const res = await post(10_000 + i); // warm-up
  if (res.statusCode !== 201) throw new Error(`warm-up: ${res.statusCode} ${res.body}`);
}
const times: number[] = [];
const cpuBefore = process.cpuUsage();
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  const res = await post(i);
  times.push(performance.now() - start);
  if (res.statusCode !== 201) throw new Error(`run ${i}: ${res.statusCode} ${res.body}`);
}
const cpu = process.cpuUsage(cpuBefore);
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
console.log(
  `PIDX 50-line invoice accepted and sent (${bench.engine}, ${runs} runs): ` +
    `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms (target p95 ≤ 100 ms); ` +
    `this process's CPU ${((cpu.user + cpu.system) / 1000 / runs).toFixed(1)} ms per invoice, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
await app.close();
await bench.close();
