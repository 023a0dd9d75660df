/** Auto-extraction rules (issue 14 items 4 and 5): pure functions over read pages. */
export {
  proposeMetadata,
  PROPOSAL_THRESHOLD,
  FILL_THRESHOLD,
  type ProposeOptions,
  REMIT_TO_KEY,
  type MetadataProposals,
  type ProposedMetadataValue,
} from './propose-metadata';
export { detectDocumentType, DETECTION_THRESHOLD, type DetectedType } from './detect-type';
export type { ProposedLine } from './line-items';
export {
  parseAmount,
  parseDate,
  parseDecimalInterest,
  parseIdentifier,
  parseNumber,
  repairOcrName,
} from './parse';
