import { AccountKind } from '@flowline/shared';
import type { Db } from '../../db/client';
import { insertAccountCodes } from './repository';

/** Red Mesa's (the demo operator's) known codes, so the demo's coding has real lookups. */
const redMesaCodes: [number, string, string][] = [
  [AccountKind.AFE, '24-017', 'Delaware 14H drilling'],
  [AccountKind.AFE, '24-022', 'Mesa State 3H completion'],
  [AccountKind.AFE, '25-003', 'Saltwater disposal upgrade'],
  [AccountKind.CostCenter, 'CC-100', 'Drilling'],
  [AccountKind.CostCenter, 'CC-200', 'Completions'],
  [AccountKind.CostCenter, 'CC-300', 'Lease operating'],
  [AccountKind.AccountCode, '8300', 'Contract labor'],
  [AccountKind.AccountCode, '8310', 'Trucking and hauling'],
  [AccountKind.AccountCode, '8420', 'Equipment rental'],
  [AccountKind.Well, 'DEL-14H', 'Delaware 14H'],
  [AccountKind.Well, 'MS-3H', 'Mesa State 3H'],
  [AccountKind.Property, 'P-1001', 'Delaware Basin Unit'],
  [AccountKind.Property, 'P-1002', 'Mesa State Lease'],
];

export async function seedDemoAccountCodes(db: Db, companyIds: Map<string, number>) {
  const companyId = companyIds.get('operator');
  if (companyId === undefined) return;
  await insertAccountCodes(
    db,
    redMesaCodes.map(([accountKind, code, name]) => ({ companyId, accountKind, code, name })),
  );
}
