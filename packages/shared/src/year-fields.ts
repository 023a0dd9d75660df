/**
 * Numeric fields that hold a year (issue 11 item 15). A year is shown as typed ('2025'), never as a
 * grouped number ('2,025'); any key ending in 'Year' is treated the same way. Apart from the
 * field tables (document-fields.ts): the lists' value formatting needs only this.
 */
const yearMetadataKeys: ReadonlySet<string> = new Set(['docTaxYear']);
export function isYearMetadataKey(key: string | null | undefined): boolean {
  return !!key && (yearMetadataKeys.has(key) || /Year$/.test(key));
}
