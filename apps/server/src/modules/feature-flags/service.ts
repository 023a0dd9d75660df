import {
  FeatureFlag,
  UserType,
  featureFlagMessages,
  featureFlagNames,
  type CompanyFeatureFlags,
  type CompanyFeatureFlagsList,
  type FeatureFlagChange,
  type FeatureFlagDefault,
  type FeatureFlagKey,
  type FeatureFlags,
  type SetFeatureFlagInput,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { recordAdminChange } from '../admin-audit/record';
import * as repo from './repository';
import type { FlagRow } from './repository';

const responseKey: Record<FeatureFlagKey, keyof FeatureFlags> = {
  messaging: 'messagingFlag',
  networkMatchEnhancement: 'networkMatchEnhancementFlag',
  accountingReports: 'accountingReportFlag',
  aiDocTypeDetectionAndExtraction: 'aiDocTypeDetectionAndExtractionFlag',
};

/** The deployment default of each flag: the database default row, else the FEATURE_FLAGS setting. */
function defaultsOf(rows: readonly FlagRow[], enabledByConfig: readonly string[]) {
  return featureFlagNames.map((flag): FeatureFlagDefault => {
    const row = rows.find((r) => r.flag === flag && r.companyId === null);
    return row
      ? { flag, enabled: row.enabled, source: 'database' }
      : { flag, enabled: enabledByConfig.includes(flag), source: 'environment' };
  });
}

function companyFlags(
  company: { id: number; name: string; code: string },
  rows: readonly FlagRow[],
  defaults: readonly FeatureFlagDefault[],
): CompanyFeatureFlags {
  return {
    companyId: company.id,
    companyName: company.name,
    companyCode: company.code,
    flags: defaults.map((d) => {
      const own = rows.find((r) => r.flag === d.flag && r.companyId === company.id);
      return own
        ? { flag: d.flag, enabled: own.enabled, source: 'company' }
        : { flag: d.flag, enabled: d.enabled, source: 'default' };
    }),
  };
}

/**
 * Flags for one company: the company's own row wins, then the deployment default row
 * (company_id null), then the FEATURE_FLAGS setting; all off otherwise (spec 2 §9).
 */
export async function flagsForCompany(
  db: Db,
  companyId: number,
  enabledByConfig: readonly string[],
): Promise<FeatureFlags> {
  const rows = await repo.flagRowsFor(db, [companyId]);
  const { flags } = companyFlags(
    { id: companyId, name: '', code: '' },
    rows,
    defaultsOf(rows, enabledByConfig),
  );
  const result = {} as FeatureFlags;
  for (const key of Object.keys(FeatureFlag) as FeatureFlagKey[]) {
    result[responseKey[key]] = flags.find((f) => f.flag === FeatureFlag[key])?.enabled ?? false;
  }
  return result;
}

/** Of `companyIds`, those that have `flag` on (one query, e.g. chat's recipients). */
export async function companiesWithFlag(
  db: Db,
  companyIds: readonly number[],
  enabledByConfig: readonly string[],
  flag: FeatureFlagKey,
): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = await repo.flagRowsFor(db, companyIds);
  const defaults = defaultsOf(rows, enabledByConfig);
  const on = new Set<number>();
  for (const id of companyIds) {
    const { flags } = companyFlags({ id, name: '', code: '' }, rows, defaults);
    if (flags.find((f) => f.flag === FeatureFlag[flag])?.enabled) on.add(id);
  }
  return on;
}

/** Refuses a call to a flagged feature the company does not have (403 feature_disabled). */
export async function assertFlag(
  db: Db,
  companyId: number,
  enabledByConfig: readonly string[],
  flag: keyof FeatureFlags,
): Promise<void> {
  const flags = await flagsForCompany(db, companyId, enabledByConfig);
  if (!flags[flag]) throw forbidden(featureFlagMessages.featureDisabled, 'feature_disabled');
}

/** Only Global (support) users see and change the flags of every company. */
export function assertGlobalUser(ctx: TenantContext): void {
  if (ctx.userType !== UserType.Global) {
    throw forbidden(featureFlagMessages.globalOnly, 'global_user_required');
  }
}

export async function listCompanyFlags(
  db: Db,
  ctx: TenantContext,
  query: { companyId?: number; search?: string; page: number; pageSize: number },
  enabledByConfig: readonly string[],
): Promise<CompanyFeatureFlagsList> {
  assertGlobalUser(ctx);
  if (query.companyId && !(await repo.findCompany(db, query.companyId))) {
    throw notFound(featureFlagMessages.companyNotFound, 'company_not_found');
  }
  const { rows: page, total } = await repo.pageOfCompanies(db, query);
  const rows = await repo.flagRowsFor(
    db,
    page.map((c) => c.id),
  );
  const defaults = defaultsOf(rows, enabledByConfig);
  return {
    items: page.map((c) => companyFlags(c, rows, defaults)),
    totalRecords: total,
    defaults,
  };
}

export async function setCompanyFlag(
  db: Db,
  ctx: TenantContext,
  companyId: number,
  input: SetFeatureFlagInput,
  enabledByConfig: readonly string[],
): Promise<CompanyFeatureFlags> {
  assertGlobalUser(ctx);
  const company = await repo.findCompany(db, companyId);
  if (!company) throw notFound(featureFlagMessages.companyNotFound, 'company_not_found');
  // Also in the company's audit of administration, with who (a Global support user) and old → new.
  const shown = (v: boolean | null) => (v === null ? 'default' : v ? 'on' : 'off');
  await repo.writeFlag(db, { ...input, companyId, userId: ctx.userId }, (tx, old) =>
    recordAdminChange(
      tx,
      { ...ctx, companyId },
      {
        action: 'featureflag.changed',
        entityType: 'feature_flag',
        entityId: input.flag,
        summary: `Set the feature flag ${input.flag} to ${shown(input.enabled)} (was ${shown(old)})`,
        changes: [{ field: input.flag, old, new: input.enabled }],
      },
    ),
  );
  const rows = await repo.flagRowsFor(db, [companyId]);
  return companyFlags(company, rows, defaultsOf(rows, enabledByConfig));
}

/** The deployment-wide default row; null removes it (back to the FEATURE_FLAGS setting). */
export async function setDefaultFlag(
  db: Db,
  ctx: TenantContext,
  input: SetFeatureFlagInput,
  enabledByConfig: readonly string[],
): Promise<FeatureFlagDefault[]> {
  assertGlobalUser(ctx);
  await repo.writeFlag(db, { ...input, companyId: null, userId: ctx.userId });
  return defaultsOf(await repo.flagRowsFor(db, []), enabledByConfig);
}

export async function listChanges(
  db: Db,
  ctx: TenantContext,
  companyId: number | null,
): Promise<{ items: FeatureFlagChange[] }> {
  assertGlobalUser(ctx);
  if (companyId !== null && !(await repo.findCompany(db, companyId))) {
    throw notFound(featureFlagMessages.companyNotFound, 'company_not_found');
  }
  const rows = await repo.recentChanges(db, companyId);
  return {
    items: rows.map(({ firstName, lastName, changedAt, ...r }) => ({
      ...r,
      changedByName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
      changedAt: changedAt.toISOString(),
    })),
  };
}

/** Sets a flag row directly (seeds and tests); the admin API goes through setCompanyFlag. */
export async function setFlag(db: Db, flag: string, companyId: number | null, enabled: boolean) {
  await repo.writeFlagRow(db, flag, companyId, enabled);
}
