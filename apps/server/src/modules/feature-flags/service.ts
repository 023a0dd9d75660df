import { eq, isNull, or } from 'drizzle-orm';
import { FeatureFlag, type FeatureFlags, type FeatureFlagKey } from '@flowline/shared';
import type { Db } from '../../db/client';
import { featureFlags } from '../../db/schema/index';

const responseKey: Record<FeatureFlagKey, keyof FeatureFlags> = {
  messaging: 'messagingFlag',
  networkMatchEnhancement: 'networkMatchEnhancementFlag',
  accountingReports: 'accountingReportFlag',
  aiDocTypeDetectionAndExtraction: 'aiDocTypeDetectionAndExtractionFlag',
};

/**
 * Flags for one company: all off by default; switched on for everyone by the FEATURE_FLAGS
 * setting, or by database rows (global, then a company's own row, which wins).
 */
export async function flagsForCompany(
  db: Db,
  companyId: number,
  enabledByConfig: readonly string[],
): Promise<FeatureFlags> {
  const rows = await db
    .select()
    .from(featureFlags)
    .where(or(isNull(featureFlags.companyId), eq(featureFlags.companyId, companyId)));
  const result = {} as FeatureFlags;
  for (const key of Object.keys(FeatureFlag) as FeatureFlagKey[]) {
    const name = FeatureFlag[key];
    const global = rows.find((r) => r.flag === name && r.companyId === null);
    const own = rows.find((r) => r.flag === name && r.companyId === companyId);
    result[responseKey[key]] = own?.enabled ?? global?.enabled ?? enabledByConfig.includes(name);
  }
  return result;
}

export async function setFlag(db: Db, flag: string, companyId: number | null, enabled: boolean) {
  await db
    .insert(featureFlags)
    .values({ flag, companyId, enabled })
    .onConflictDoUpdate({ target: [featureFlags.flag, featureFlags.companyId], set: { enabled } });
}
