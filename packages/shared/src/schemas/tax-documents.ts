import { z } from 'zod';
import { PartyType } from '../ids';

/**
 * The owner's 'Tax documents' view (issue 31 item 5; docs/signing.md "Tax documents"): the 1099s
 * the company received, grouped by tax year (the form's Tax Year, else the year it was sent),
 * each openable, a year's files as one zip.
 */

/** A year's 1099s as one zip: at most this many documents. */
export const TAX_DOCUMENTS_ZIP_MAX = 500;
export const TAX_YEAR_MIN = 1900;
export const TAX_YEAR_MAX = 2999;

export const taxDocumentMessages = {
  title: 'Tax documents',
  none: 'No tax documents yet. 1099s sent to your company appear here, by tax year.',
  downloadYear: (year: number) => `Download ${year} (zip)`,
  documents: (n: number) => `${n} document${n === 1 ? '' : 's'}`,
  tooMany: `A year with more than ${TAX_DOCUMENTS_ZIP_MAX} tax documents cannot be downloaded as one zip; open them one by one.`,
  noneThatYear: 'There are no tax documents for that year.',
  yearRange: `Choose a year from ${TAX_YEAR_MIN} to ${TAX_YEAR_MAX}`,
} as const;

/**
 * Which companies get the 'Tax documents' link: those that receive 1099s — royalty owners
 * (1099-MISC) and vendors (1099-NEC). Anyone may still open the page (it lists what was received).
 */
export function receivesTaxDocuments(partyTypeIds: readonly number[]): boolean {
  return partyTypeIds.includes(PartyType.Owner) || partyTypeIds.includes(PartyType.Vendor);
}

const zYear = z.coerce
  .number({ error: taxDocumentMessages.yearRange })
  .int(taxDocumentMessages.yearRange)
  .min(TAX_YEAR_MIN, taxDocumentMessages.yearRange)
  .max(TAX_YEAR_MAX, taxDocumentMessages.yearRange);

export const zTaxYearParam = z.object({ year: zYear });

/** GET /tax-documents/years */
export const zTaxYears = z.object({
  years: z.array(z.object({ year: z.number().int(), count: z.number().int() })),
});
export type TaxYears = z.infer<typeof zTaxYears>;

/** GET /tax-documents?year= */
export const zTaxDocumentListQuery = z.object({
  year: zYear,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TaxDocumentListQuery = z.input<typeof zTaxDocumentListQuery>;

export const zTaxDocumentRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  form: z.string().nullable(),
  payer: z.string().nullable(),
  amount: z.string().nullable(),
  /** When it was sent (ISO 8601). */
  sentAt: z.string().nullable(),
  isRead: z.boolean(),
  fileName: z.string(),
});
export type TaxDocumentRow = z.infer<typeof zTaxDocumentRow>;

export const zTaxDocumentPage = z.object({
  rows: z.array(zTaxDocumentRow),
  totalRecords: z.number().int(),
});
export type TaxDocumentPage = z.infer<typeof zTaxDocumentPage>;
