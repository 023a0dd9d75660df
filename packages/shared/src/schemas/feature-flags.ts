import { z } from 'zod';

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
