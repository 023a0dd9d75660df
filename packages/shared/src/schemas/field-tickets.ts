import { z } from 'zod';
import { zId } from './common';
import {
  FIELD_TICKET_LIMITS as L,
  TICKET_DECIMAL,
  fieldTicketMessages as msg,
  fieldTicketStatuses,
  isIsoDay,
} from '../rules/field-tickets';

/**
 * The field-ticket API (issue 32 items 2–3; docs/field-tickets.md), shared by the server and the
 * phone screen. Paths: POST/GET /api/field-tickets, GET/PATCH /api/field-tickets/{documentId},
 * POST /api/field-tickets/{documentId}/signoff, POST /api/field-tickets/invoice,
 * GET /api/documents/{documentId}/field-tickets.
 */

const optionalText = (max: number) =>
  z
    .string({ error: msg.textTooLong(max) })
    .trim()
    .max(max, msg.textTooLong(max))
    .nullish()
    .transform((v) => v || null);

const zIsoDay = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDay(v), message);

const zTime = z
  .string({ error: msg.timeInvalid })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg.timeInvalid)
  .nullish()
  .transform((v) => v || null);

/** A number or decimal text; canonical text out ('12.50' stays '12.50'). */
const zDecimal = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/[$,]/g, '')))
    .refine((v) => TICKET_DECIMAL.test(v), message);

export const zFieldTicketFields = z.object({
  docNumber: z
    .string({ error: msg.ticketNumberRequired })
    .trim()
    .min(1, msg.ticketNumberRequired)
    .max(L.ticketNumberMax, msg.ticketNumberTooLong),
  docServiceDate: zIsoDay(msg.serviceDateInvalid),
  docStartTime: zTime,
  docEndTime: zTime,
  docWellName: z
    .string({ error: msg.wellRequired })
    .trim()
    .min(1, msg.wellRequired)
    .max(L.textMax, msg.textTooLong(L.textMax)),
  docAFE: optionalText(50),
  docCostCenter: optionalText(50),
  docJobDescription: optionalText(L.jobDescriptionMax),
  docCrew: optionalText(L.textMax),
  docFieldSupervisor: optionalText(L.textMax),
});
export type FieldTicketFields = z.output<typeof zFieldTicketFields>;

export const zFieldTicketLineInput = z.object({
  itemCode: optionalText(L.itemCodeMax),
  description: z
    .string({ error: msg.descriptionRequired })
    .trim()
    .min(1, msg.descriptionRequired)
    .max(L.descriptionMax, msg.textTooLong(L.descriptionMax)),
  quantity: zDecimal(msg.quantityInvalid),
  uom: optionalText(L.uomMax),
  /** Omitted: the price book's price for the item on the service date. */
  unitPrice: zDecimal(msg.unitPriceInvalid).nullish(),
  /** Omitted: quantity × unit price; given: must be that within a cent. */
  amount: zDecimal(msg.amountInvalid).nullish(),
  serviceDate: zIsoDay(msg.lineServiceDateInvalid).nullish(),
});
export type FieldTicketLineInput = z.input<typeof zFieldTicketLineInput>;

const zLines = z
  .array(zFieldTicketLineInput, { error: msg.linesRequired })
  .min(1, msg.linesRequired)
  .max(L.maxLines, msg.tooManyLines);

const zClientId = z.uuid({ error: msg.clientIdInvalid });

/** PATCH /api/field-tickets/{documentId}: the draft's data, replacing what it had. */
export const zFieldTicketUpdateInput = z.object({
  partyId: zId.describe("The vendor's connection (party row) of the operator"),
  fields: zFieldTicketFields,
  lines: zLines,
});
export type FieldTicketUpdateInput = z.input<typeof zFieldTicketUpdateInput>;

/** POST /api/field-tickets: a draft; the same clientId again answers the same ticket. */
export const zFieldTicketCreateInput = zFieldTicketUpdateInput.extend({ clientId: zClientId });
export type FieldTicketCreateInput = z.input<typeof zFieldTicketCreateInput>;

const SIGNATURE_PREFIX = 'data:image/png;base64,';
/** base64 of at most signatureMaxBytes, with its prefix. */
const SIGNATURE_MAX_CHARS = SIGNATURE_PREFIX.length + Math.ceil(L.signatureMaxBytes / 3) * 4;

export const zFieldTicketSignoffInput = z.object({
  clientId: zClientId,
  signerName: z
    .string({ error: msg.signerNameRequired })
    .trim()
    .min(1, msg.signerNameRequired)
    .max(L.signerNameMax, msg.textTooLong(L.signerNameMax)),
  signerTitle: optionalText(L.signerNameMax),
  /** The phone's clock when the representative signed. */
  signedAt: z.iso.datetime({ offset: true, error: msg.signedAtInvalid }),
  signature: z
    .string({ error: msg.signatureInvalid })
    .max(SIGNATURE_MAX_CHARS, msg.signatureTooLarge)
    .refine(
      (v) =>
        v.startsWith(SIGNATURE_PREFIX) &&
        /^[A-Za-z0-9+/]+={0,2}$/.test(v.slice(SIGNATURE_PREFIX.length)),
      msg.signatureInvalid,
    ),
  position: z
    .object(
      {
        latitude: z.number({ error: msg.positionInvalid }).min(-90).max(90),
        longitude: z.number({ error: msg.positionInvalid }).min(-180).max(180),
        accuracyMeters: z.number({ error: msg.positionInvalid }).min(0).max(1_000_000),
      },
      { error: msg.positionInvalid },
    )
    .nullish()
    .transform((v) => v ?? null),
});
export type FieldTicketSignoffInput = z.input<typeof zFieldTicketSignoffInput>;
export const FIELD_TICKET_SIGNATURE_PREFIX = SIGNATURE_PREFIX;

export const zFieldTicketStatus = z.enum(fieldTicketStatuses);

export const zFieldTicketListQuery = z.object({
  side: z.enum(['sent', 'received']).optional(),
  status: zFieldTicketStatus.optional(),
  partyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  billable: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(L.pageSizeMax).default(25),
});
export type FieldTicketListQuery = z.input<typeof zFieldTicketListQuery>;

export const zFieldTicketInvoiceInput = z.object({
  ticketDocumentIds: z
    .array(zId, { error: msg.ticketsRequired })
    .min(1, msg.ticketsRequired)
    .max(L.maxTicketsPerInvoice, msg.tooManyTickets)
    .refine((ids) => new Set(ids).size === ids.length, msg.duplicateTickets),
});
export type FieldTicketInvoiceInput = z.input<typeof zFieldTicketInvoiceInput>;

// ── answers ────────────────────────────────────────────────────────────────────────────────────

const zCompanyRef = z.object({ companyId: z.number().int(), name: z.string() });

export const zFieldTicketLine = z.object({
  lineNumber: z.number().int(),
  itemCode: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.string().nullable(),
  uom: z.string().nullable(),
  unitPrice: z.string().nullable(),
  amount: z.string().nullable(),
  serviceDate: z.string().nullable(),
  /**
   * The price book's unit price for the item on the line's day (either side's book), null when
   * the item is not in the book in force then: an ad-hoc item, priced by hand.
   */
  bookUnitPrice: z.string().nullable(),
});
export type FieldTicketLine = z.infer<typeof zFieldTicketLine>;

export const zFieldTicketSignoff = z.object({
  signerName: z.string(),
  signerTitle: z.string().nullable(),
  signedAt: z.string(),
  receivedAt: z.string(),
  position: z
    .object({ latitude: z.number(), longitude: z.number(), accuracyMeters: z.number() })
    .nullable(),
  /** SHA-256 of the signature PNG, and of the evidence record (docs/field-tickets.md). */
  signatureSha256: z.string(),
  evidenceSha256: z.string(),
  signedByUserId: z.number().int().nullable(),
});

const zBilledBy = z
  .object({ invoiceDocumentId: z.number().int(), invoiceNumber: z.string().nullable() })
  .nullable();

export const zFieldTicket = z.object({
  documentId: z.number().int(),
  clientId: z.string(),
  ticketNumber: z.string(),
  status: zFieldTicketStatus,
  /** The caller's side: the vendor 'sent', the operator 'received'. */
  side: z.enum(['sent', 'received']),
  /** The vendor's connection of the operator (only for the vendor). */
  partyId: z.number().int().nullable(),
  fields: z.object({
    docNumber: z.string(),
    docServiceDate: z.string(),
    docStartTime: z.string().nullable(),
    docEndTime: z.string().nullable(),
    docWellName: z.string(),
    docAFE: z.string().nullable(),
    docCostCenter: z.string().nullable(),
    docJobDescription: z.string().nullable(),
    docCrew: z.string().nullable(),
    docFieldSupervisor: z.string().nullable(),
    docTotal: z.string(),
  }),
  lines: z.array(zFieldTicketLine),
  signoff: zFieldTicketSignoff.nullable(),
  billedBy: zBilledBy,
  operator: zCompanyRef,
  vendor: zCompanyRef,
});
export type FieldTicket = z.infer<typeof zFieldTicket>;

export const zFieldTicketSummary = z.object({
  documentId: z.number().int(),
  clientId: z.string(),
  ticketNumber: z.string(),
  status: zFieldTicketStatus,
  side: z.enum(['sent', 'received']),
  serviceDate: z.string(),
  wellName: z.string(),
  afe: z.string().nullable(),
  total: z.string(),
  lineCount: z.number().int(),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  billedBy: zBilledBy,
  /** The other company. */
  counterparty: zCompanyRef,
});
export type FieldTicketSummary = z.infer<typeof zFieldTicketSummary>;

export const zFieldTicketList = z.object({
  items: z.array(zFieldTicketSummary),
  total: z.number().int(),
});
export type FieldTicketList = z.infer<typeof zFieldTicketList>;

export const zFieldTicketInvoiceResult = z.object({
  invoiceDocumentId: z.number().int(),
  ticketDocumentIds: z.array(z.number().int()),
  total: z.string(),
  lineCount: z.number().int(),
});
export type FieldTicketInvoiceResult = z.infer<typeof zFieldTicketInvoiceResult>;
