import { RouteStatus } from '../ids';
import { fromScaled, toScaled } from './three-way-match';

/**
 * Field tickets (issue 32 items 2–3; docs/field-tickets.md): the rules shared by the server and
 * the phone screen — statuses as the API names them, limits, line arithmetic, who sees the list.
 */

export const FIELD_TICKET_LIMITS = {
  maxLines: 200,
  /** The decoded signature PNG at most. */
  signatureMaxBytes: 200 * 1024,
  textMax: 200,
  jobDescriptionMax: 2000,
  descriptionMax: 500,
  itemCodeMax: 50,
  uomMax: 20,
  ticketNumberMax: 50,
  signerNameMax: 255,
  /** Tickets one invoice may bill. */
  maxTicketsPerInvoice: 100,
  pageSizeMax: 200,
} as const;

/** The ticket's status, the same word on both sides (the route statuses behind it). */
export const fieldTicketStatuses = [
  'draft',
  'sent',
  'viewed',
  'approved',
  'disputed',
  'rejected',
] as const;
export type FieldTicketStatus = (typeof fieldTicketStatuses)[number];

export const fieldTicketStatusLabels: Record<FieldTicketStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  approved: 'Approved',
  disputed: 'Disputed',
  rejected: 'Rejected',
};

/**
 * A route status as a ticket status: never sent (null/New) is a draft; Sent on the vendor's side
 * and Received on the operator's are both 'sent'.
 */
export function fieldTicketStatusOf(routeStatusId: number | null | undefined): FieldTicketStatus {
  switch (routeStatusId ?? null) {
    case null:
    case RouteStatus.New:
      return 'draft';
    case RouteStatus.Viewed:
      return 'viewed';
    case RouteStatus.Approved:
    case RouteStatus.Paid:
      return 'approved';
    case RouteStatus.Disputed:
      return 'disputed';
    case RouteStatus.Rejected:
      return 'rejected';
    default:
      return 'sent';
  }
}

/** The route statuses a status filter selects (draft: no status yet). */
export function routeStatusesOf(status: FieldTicketStatus): (number | null)[] {
  switch (status) {
    case 'draft':
      return [null, RouteStatus.New];
    case 'sent':
      return [RouteStatus.Sent, RouteStatus.Received];
    case 'viewed':
      return [RouteStatus.Viewed];
    case 'approved':
      return [RouteStatus.Approved, RouteStatus.Paid];
    case 'disputed':
      return [RouteStatus.Disputed];
    case 'rejected':
      return [RouteStatus.Rejected];
  }
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-mm-dd ('2026-02-30' is not). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A decimal a ticket line may carry: optional sign, ≤ 12 digits, ≤ 4 decimals. */
export const TICKET_DECIMAL = /^-?\d{1,12}(?:\.\d{1,4})?$/;

/** quantity × unit price rounded half up to cents, as '123.45'. */
export function lineAmount(quantity: string, unitPrice: string): string {
  const q = toScaled(quantity) ?? 0n;
  const p = toScaled(unitPrice) ?? 0n;
  const product = q * p; // scale 10^8
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const cents = (abs + 500_000n) / 1_000_000n; // 10^8 → 10^2
  return fromScaled((negative ? -cents : cents) * 100n);
}

/** Whole cents of a decimal amount ('12.345' is 1235). */
export function amountCents(amount: string): number {
  const scaled = toScaled(amount) ?? 0n;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const cents = Number((abs + 50n) / 100n);
  return negative ? -cents : cents;
}

/** Whether a given amount is quantity × unit price within a cent. */
export function amountMatches(quantity: string, unitPrice: string, amount: string): boolean {
  return Math.abs(amountCents(amount) - amountCents(lineAmount(quantity, unitPrice))) <= 1;
}

/** Σ amounts as a 2-decimal text. */
export function ticketTotal(amounts: readonly string[]): string {
  const cents = amounts.reduce((sum, a) => sum + amountCents(a), 0);
  return fromScaled(BigInt(cents) * 100n);
}

export const fieldTicketMessages = {
  ticketNumberRequired: 'Ticket Number is required',
  ticketNumberTooLong: `Ticket Number can be at most ${FIELD_TICKET_LIMITS.ticketNumberMax} characters`,
  serviceDateRequired: 'Service Date is required',
  serviceDateInvalid: 'Service Date must be a date like 2026-03-01',
  lineServiceDateInvalid: 'The service date must be a date like 2026-03-01',
  wellRequired: 'Well / Lease is required',
  timeInvalid: 'Give the time as HH:MM (24 hours)',
  textTooLong: (max: number) => `At most ${max} characters`,
  linesRequired: 'A field ticket needs at least one line',
  tooManyLines: `A field ticket can have at most ${FIELD_TICKET_LIMITS.maxLines} lines`,
  descriptionRequired: 'Description is required',
  quantityRequired: 'Quantity is required',
  quantityInvalid: 'Quantity must be a number (at most 4 decimals)',
  unitPriceInvalid: 'Unit Price must be an amount like 95.00 (at most 4 decimals)',
  amountInvalid: 'Amount must be an amount like 190.00',
  amountMismatch: (line: number) => `Line ${line}: the amount is not quantity × unit price`,
  priceMissing: (line: number, code: string | null, day: string) =>
    code
      ? `Line ${line}: ${code} is not in the price book in force on ${day}; give a unit price`
      : `Line ${line}: give a unit price (or an item code from the price book)`,
  clientIdInvalid: 'clientId must be a UUID',
  partyRequired: 'Choose the operator the ticket is for',
  signerNameRequired: 'The name of the person signing is required',
  signedAtInvalid: 'signedAt must be an ISO date and time, like 2026-03-01T14:05:00Z',
  signatureInvalid: 'The signature must be a PNG image as a data URL (data:image/png;base64,…)',
  signatureTooLarge: `The signature image can be at most ${FIELD_TICKET_LIMITS.signatureMaxBytes / 1024} KB`,
  positionInvalid:
    'The position needs a latitude (−90…90), longitude (−180…180) and accuracy in meters',
  notFound: 'Field ticket not found',
  notATicket: 'This document is not a field ticket.',
  vendorsOnly: 'Only vendor companies write field tickets.',
  notDraft: 'Only a draft field ticket can be changed; this one has been sent.',
  alreadySigned: 'This field ticket is already signed.',
  signatureRecorded: (name: string) => `Signed at the wellsite by ${name}`,
  ticketsRequired: 'Choose at least one field ticket',
  tooManyTickets: `An invoice can bill at most ${FIELD_TICKET_LIMITS.maxTicketsPerInvoice} field tickets`,
  duplicateTickets: 'A field ticket is listed twice',
  mixedOperators: 'The field tickets of one invoice must all be for the same operator.',
  notApproved: (number: string) =>
    `Field ticket ${number} is not approved by the operator and cannot be billed yet.`,
  alreadyBilled: (number: string, invoice: string) =>
    `Field ticket ${number} is already billed by invoice ${invoice}`,
  invoiceFromTickets: (numbers: string) => `Created from field tickets ${numbers}`,
  billedBy: (invoice: string) => `Billed by invoice ${invoice}`,
} as const;
