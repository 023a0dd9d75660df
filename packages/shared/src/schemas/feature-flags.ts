import { z } from 'zod';
import { documentTypes } from '../ids';

export const zFeatureFlags = z.object({
  messagingFlag: z.boolean(),
  networkMatchEnhancementFlag: z.boolean(),
  accountingReportFlag: z.boolean(),
  aiDocTypeDetectionAndExtractionFlag: z.boolean(),
});
export type FeatureFlags = z.infer<typeof zFeatureFlags>;

export const defaultFeatureFlags: FeatureFlags = {
  messagingFlag: false,
  networkMatchEnhancementFlag: false,
  accountingReportFlag: false,
  aiDocTypeDetectionAndExtractionFlag: false,
};

/** The four flags by their stored name (spec 2 §9), in the order the admin screen shows them. */
export const featureFlagNames = [
  'in-app-messaging',
  'network-match-enhancement',
  'accounting-reports',
  'ai-doctype-detection-and-extraction',
] as const;
export type FeatureFlagName = (typeof featureFlagNames)[number];

/** Labels of the admin screen's switches (issue 15 item 2). */
export const featureFlagLabels: Record<FeatureFlagName, string> = {
  'in-app-messaging': 'In-app messaging',
  'network-match-enhancement': 'Network match enhancement',
  'accounting-reports': 'Accounting reports',
  'ai-doctype-detection-and-extraction': 'Document type detection and extraction',
};

export const featureFlagMessages = {
  title: 'Feature flags',
  unknownFlag: `Unknown feature flag: use one of ${featureFlagNames.join(', ')}`,
  enabledRequired: 'enabled must be true, false or null (null: back to the default)',
  companyNotFound: 'No such company',
  globalOnly: 'Only Flowline support can change feature flags',
  saved: 'Feature flag saved',
  reset: 'Feature flag reset to the default',
  featureDisabled: 'This feature is not switched on for the company',
} as const;

export const zFeatureFlagName = z.enum(featureFlagNames, {
  error: featureFlagMessages.unknownFlag,
});

/**
 * One flag's effective value for a company. source 'company': the company's own setting;
 * 'default': inherited from the deployment default (database default row, else FEATURE_FLAGS).
 */
export const zFeatureFlagState = z.object({
  flag: zFeatureFlagName,
  enabled: z.boolean(),
  source: z.enum(['company', 'default']),
});
export type FeatureFlagState = z.infer<typeof zFeatureFlagState>;

/** The deployment default of one flag: the database default row wins over the environment. */
export const zFeatureFlagDefault = z.object({
  flag: zFeatureFlagName,
  enabled: z.boolean(),
  source: z.enum(['database', 'environment']),
});
export type FeatureFlagDefault = z.infer<typeof zFeatureFlagDefault>;

export const zCompanyFeatureFlags = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  companyCode: z.string(),
  flags: z.array(zFeatureFlagState),
});
export type CompanyFeatureFlags = z.infer<typeof zCompanyFeatureFlags>;

export const zCompanyFeatureFlagsList = z.object({
  items: z.array(zCompanyFeatureFlags),
  totalRecords: z.number().int(),
  defaults: z.array(zFeatureFlagDefault),
});
export type CompanyFeatureFlagsList = z.infer<typeof zCompanyFeatureFlagsList>;

export const zCompanyFeatureFlagsQuery = z.object({
  companyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  search: z.string().trim().max(250).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CompanyFeatureFlagsQuery = z.input<typeof zCompanyFeatureFlagsQuery>;

/** PUT body: enabled null removes the company's own setting (back to the deployment default). */
export const zSetFeatureFlagInput = z.object({
  flag: zFeatureFlagName,
  enabled: z.boolean({ error: featureFlagMessages.enabledRequired }).nullable(),
});
export type SetFeatureFlagInput = z.infer<typeof zSetFeatureFlagInput>;

/** One recorded change: who, when, old → new (null: not set, i.e. inherited). */
export const zFeatureFlagChange = z.object({
  id: z.number().int(),
  flag: z.string(),
  companyId: z.number().int().nullable(),
  oldEnabled: z.boolean().nullable(),
  newEnabled: z.boolean().nullable(),
  changedByUserId: z.number().int().nullable(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type FeatureFlagChange = z.infer<typeof zFeatureFlagChange>;
export const zFeatureFlagChangeList = z.object({ items: z.array(zFeatureFlagChange) });

/** The six accounting-report document types (95–100), shown only with accountingReportFlag. */
export const accountingReportTypeIds: readonly number[] = documentTypes
  .filter((t) => t.isAccountingReport)
  .map((t) => t.id);
