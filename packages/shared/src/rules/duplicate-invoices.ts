/**
 * Duplicate invoices (issue 12 item 7): an invoice looks like one already sent when its file is the
 * same (checksum) or the sender's invoice number is the same once normalised, among the invoices
 * sent to the same receiver in the last 18 months.
 */
export const DUPLICATE_WINDOW_MONTHS = 18;

/** 'inv-001 ', 'INV 001' and 'Inv.001' are one number: letters and digits only, upper case. */
export function normalizeInvoiceNumber(value: string | null | undefined): string | null {
  const normalized = (value ?? '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return normalized === '' ? null : normalized;
}

export const duplicateMessages = {
  warning: (number: string, sentOn: string) =>
    `This looks like invoice ${number} sent on ${sentOn}.`,
  confirmSend: 'Send it anyway?',
  needsConfirmation:
    'This looks like an invoice already sent to this company. Confirm to send it anyway.',
} as const;
