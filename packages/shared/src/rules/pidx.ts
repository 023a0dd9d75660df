import { RouteStatus } from '../ids';
import { formatCents } from './money';

/**
 * PIDX invoices (API pidXML v1.0 `pidx:Invoice`; issue 30 items 1, 2; docs/pidx.md): the
 * messages of a refused invoice, the totals check and the receiver-side status a supplier system
 * reads back in a `pidx:InvoiceResponse`. The server parses the XML; these rules judge the result.
 */

/** One located problem: the element path below `Invoice`, and what is wrong with it. */
export interface PidxProblem {
  path: string;
  message: string;
}

export const PIDX_NAMESPACE = 'http://www.api.org/pidXML/v1.0';

/** Limits that keep hostile XML from costing memory (docs/pidx.md 'Hostile XML'). */
export const pidxLimits = {
  /** The XML itself (application/xml or the multipart `invoice` part). */
  maxXmlBytes: 2 * 1024 * 1024,
  /** Elements nested deeper than this are refused before parsing. */
  maxDepth: 32,
  maxLines: 500,
  /** Each attached PDF, and how many. */
  maxAttachmentBytes: 25 * 1024 * 1024,
  maxAttachments: 5,
} as const;

export const pidxMessages = {
  invalid: 'The PIDX invoice was refused; see fields for every problem.',
  notXml: (detail: string) => `The body is not well-formed XML: ${detail}`,
  notPidx: 'The document is not a PIDX invoice (a pidx:Invoice in the pidXML v1.0 namespace).',
  doctype: 'XML with a DOCTYPE or entity declarations is not accepted.',
  tooDeep: `Elements are nested more than ${pidxLimits.maxDepth} levels deep.`,
  tooLarge: `The PIDX invoice is larger than ${pidxLimits.maxXmlBytes / 1024 / 1024} MB.`,
  tooManyLines: `An invoice may have at most ${pidxLimits.maxLines} line items.`,
  missingInvoicePart: 'The multipart body needs a part named invoice with the PIDX XML.',
  required: (element: string) => `${element} is required.`,
  notAmount: (value: string) => `'${value}' is not an amount.`,
  notQuantity: (value: string) => `'${value}' is not a quantity.`,
  notDate: (value: string) => `'${value}' is not a date (yyyy-mm-dd).`,
  currency: (code: string) => `Only USD invoices are accepted; this one is in ${code}.`,
  totalMismatch: (sumCents: number, totalCents: number) =>
    `The line items and taxes add up to ${formatCents(sumCents)}, not the InvoiceTotal of ${formatCents(totalCents)}.`,
  lineCount: (declared: string, count: number) =>
    `TotalLineItems says ${declared}, but the invoice has ${count} line item${count === 1 ? '' : 's'}.`,
  unknownReceiver:
    'No connection of yours matches this BillTo partner (by PartnerIdentifier, then by name).',
  receiverNotConnected: (name: string) =>
    `Your connection ${name} is not connected to a company on the network.`,
  ambiguousReceiver: (name: string) =>
    `More than one of your connections is named ${name}; give a PartnerIdentifier.`,
  attachmentMissing: (location: string) =>
    `The attachment ${location} is not a part of the request.`,
  attachmentNotPdf: (location: string) => `The attachment ${location} is not a PDF.`,
  notSender: 'Only the company that sent the invoice reads its PIDX response.',
} as const;

/** 'AssignedByBuyer' → the connection's buyer-assigned identifier, and so on. */
export type PidxIdentifierKind = 'duns' | 'buyer' | 'seller';

export function pidxIdentifierKind(indicator: string | null | undefined): PidxIdentifierKind {
  const text = (indicator ?? '').toLowerCase();
  if (text.includes('buyer')) return 'buyer';
  if (text.includes('seller')) return 'seller';
  return 'duns';
}

/** A PIDX MonetaryAmount or Quantity: a plain decimal. */
const DECIMAL = /^[-+]?(?:\d{1,15}(?:\.\d{1,6})?|\.\d{1,6})$/;

export function isPidxDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** Whole cents, half away from zero. */
export function pidxCents(text: string): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const digits = `${fraction}000`;
  let cents = Number(whole || '0') * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return negative && cents !== 0 ? -cents : cents;
}

/** Quantity × unit price in whole cents, exactly (half away from zero). */
export function pidxLineCents(quantity: string, unitPrice: string): number {
  const scaled = (text: string) => {
    const negative = text.startsWith('-');
    const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
    const value = BigInt(whole || '0') * 1_000_000n + BigInt(`${fraction}000000`.slice(0, 6));
    return negative ? -value : value;
  };
  const product = scaled(quantity) * scaled(unitPrice); // scaled by 10^12
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const cents = (abs + 5_000_000_000n) / 10_000_000_000n;
  return Number(negative ? -cents : cents);
}

/** Cents as a canonical decimal ('1234.50'), the form metadata and lines are stored in. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The totals check: every line amount and tax adds up to InvoiceTotal (to the cent), and
 * TotalLineItems, when given, counts the InvoiceLineItems.
 */
export function pidxTotalProblems(input: {
  lineCents: readonly number[];
  taxCents: readonly number[];
  invoiceTotalCents: number;
  declaredLineCount: string | null;
}): PidxProblem[] {
  const problems: PidxProblem[] = [];
  const sum = [...input.lineCents, ...input.taxCents].reduce((a, b) => a + b, 0);
  if (sum !== input.invoiceTotalCents) {
    problems.push({
      path: 'InvoiceSummary/InvoiceTotal',
      message: pidxMessages.totalMismatch(sum, input.invoiceTotalCents),
    });
  }
  const declared = input.declaredLineCount;
  if (declared !== null && Number(declared) !== input.lineCents.length) {
    problems.push({
      path: 'InvoiceSummary/TotalLineItems',
      message: pidxMessages.lineCount(declared, input.lineCents.length),
    });
  }
  return problems;
}

/**
 * The receiver-side state a `pidx:InvoiceResponse` reports (its InvoiceStatusCode): Paid,
 * Rejected (with the reason), Approved, Accepted once the receiver has it (received or viewed),
 * or Pending while it is a draft that was not sent.
 */
export type PidxResponseStatus = 'Pending' | 'Accepted' | 'Approved' | 'Rejected' | 'Paid';

export function pidxResponseStatus(receiverRouteStatusId: number | null): PidxResponseStatus {
  switch (receiverRouteStatusId) {
    case RouteStatus.Paid:
      return 'Paid';
    case RouteStatus.Approved:
      return 'Approved';
    case RouteStatus.Rejected:
    case RouteStatus.Resubmitted:
      return 'Rejected';
    case null:
      return 'Pending';
    default:
      return 'Accepted';
  }
}
