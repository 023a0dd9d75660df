import { z } from 'zod';
import {
  FIELD_TICKET_LIMITS as L,
  TICKET_DECIMAL,
  fieldTicketMessages as shared,
  isIsoDay,
  isPlainNumber,
  toCents,
} from '@flowline/shared';
import type { CreateFieldTicketBody } from './api';

/**
 * The form's messages: the API's own (packages/shared rules/field-tickets.ts) where it checks
 * the same thing, so that the phone says before sending what the server would say after.
 */
export const ticketFormMessages = {
  operator: shared.partyRequired,
  ticketNumber: shared.ticketNumberRequired,
  serviceDate: shared.serviceDateInvalid,
  wellName: shared.wellRequired,
  time: shared.timeInvalid,
  endBeforeStart: 'The end time is before the start time',
  noLines: shared.linesRequired,
  tooManyLines: shared.tooManyLines,
  description: shared.descriptionRequired,
  quantity: shared.quantityInvalid,
  unitPrice: shared.unitPriceInvalid,
  tooLong: shared.textTooLong,
  signerName: shared.signerNameRequired,
  signature: 'The operator’s representative must sign in the box',
} as const;

const optionalText = (max: number) =>
  z.string().trim().max(max, ticketFormMessages.tooLong(max)).default('');

const decimal = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => TICKET_DECIMAL.test(v.replace(/[$,]/g, '')), message)
    .transform((v) => v.replace(/[$,]/g, ''));

const time = z
  .string()
  .default('')
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), ticketFormMessages.time);

export const ticketLineSchema = z.object({
  itemCode: optionalText(L.itemCodeMax),
  description: z
    .string()
    .trim()
    .min(1, ticketFormMessages.description)
    .max(L.descriptionMax, ticketFormMessages.tooLong(L.descriptionMax)),
  quantity: decimal(ticketFormMessages.quantity),
  uom: optionalText(L.uomMax),
  unitPrice: decimal(ticketFormMessages.unitPrice),
});

export const ticketFormSchema = z
  .object({
    partyId: z.number({ error: ticketFormMessages.operator }).int().positive(),
    operatorName: z.string(),
    docNumber: z
      .string()
      .trim()
      .min(1, ticketFormMessages.ticketNumber)
      .max(L.ticketNumberMax, shared.ticketNumberTooLong),
    docServiceDate: z.string().refine((v) => isIsoDay(v), ticketFormMessages.serviceDate),
    docStartTime: time,
    docEndTime: time,
    docWellName: z
      .string()
      .trim()
      .min(1, ticketFormMessages.wellName)
      .max(L.textMax, ticketFormMessages.tooLong(L.textMax)),
    docAFE: optionalText(50),
    docCostCenter: optionalText(50),
    docJobDescription: optionalText(L.jobDescriptionMax),
    docCrew: optionalText(L.textMax),
    docFieldSupervisor: optionalText(L.textMax),
    lines: z
      .array(ticketLineSchema)
      .min(1, ticketFormMessages.noLines)
      .max(L.maxLines, ticketFormMessages.tooManyLines),
  })
  .superRefine((value, ctx) => {
    if (value.docStartTime && value.docEndTime && value.docEndTime < value.docStartTime) {
      ctx.addIssue({
        code: 'custom',
        path: ['docEndTime'],
        message: ticketFormMessages.endBeforeStart,
      });
    }
  });

export type TicketFormInput = z.input<typeof ticketFormSchema>;
export type TicketFormValues = z.output<typeof ticketFormSchema>;
export type TicketLineValues = z.output<typeof ticketLineSchema>;

export const blankLine = (): z.input<typeof ticketLineSchema> => ({
  itemCode: '',
  description: '',
  quantity: '1',
  uom: '',
  unitPrice: '',
});

export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Quantity × unit price in cents, half away from zero; null while either is not a number. */
export function lineAmountCents(line: { quantity?: string; unitPrice?: string }): number | null {
  const q = line.quantity?.trim() ?? '';
  const p = line.unitPrice?.trim() ?? '';
  if (!q || !p || !isPlainNumber(q) || !isPlainNumber(p)) return null;
  const product = Number(q) * Number(p);
  if (!Number.isFinite(product)) return null;
  return Math.sign(product) * Math.round(Math.abs(product) * 100 + 1e-6);
}

/** The running total of the lines in cents. */
export function ticketTotalCents(lines: readonly { quantity?: string; unitPrice?: string }[]) {
  return lines.reduce((sum, line) => sum + (lineAmountCents(line) ?? 0), 0);
}

const centsText = (cents: number) => (cents / 100).toFixed(2);

/** The create body of the contract from the form's values (blank optional fields left out). */
export function toCreateBody(clientId: string, values: TicketFormValues): CreateFieldTicketBody {
  const optional = (value: string) => (value ? value : undefined);
  return {
    clientId,
    partyId: values.partyId,
    fields: {
      docNumber: values.docNumber,
      docServiceDate: values.docServiceDate,
      docStartTime: optional(values.docStartTime),
      docEndTime: optional(values.docEndTime),
      docWellName: values.docWellName,
      docAFE: optional(values.docAFE),
      docCostCenter: optional(values.docCostCenter),
      docJobDescription: optional(values.docJobDescription),
      docCrew: optional(values.docCrew),
      docFieldSupervisor: optional(values.docFieldSupervisor),
    },
    lines: values.lines.map((line) => ({
      itemCode: optional(line.itemCode),
      description: line.description,
      quantity: line.quantity,
      uom: optional(line.uom),
      unitPrice: line.unitPrice,
      amount: centsText(lineAmountCents(line) ?? 0),
      serviceDate: values.docServiceDate,
    })),
  };
}

/** The form's values back from a kept create body (editing a ticket still on the phone). */
export function fromCreateBody(body: CreateFieldTicketBody, operatorName: string): TicketFormInput {
  const f = body.fields;
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return {
    partyId: body.partyId,
    operatorName,
    docNumber: f.docNumber,
    docServiceDate: f.docServiceDate,
    docStartTime: text(f.docStartTime),
    docEndTime: text(f.docEndTime),
    docWellName: text(f.docWellName),
    docAFE: text(f.docAFE),
    docCostCenter: text(f.docCostCenter),
    docJobDescription: text(f.docJobDescription),
    docCrew: text(f.docCrew),
    docFieldSupervisor: text(f.docFieldSupervisor),
    lines: body.lines.map((line) => ({
      itemCode: text(line.itemCode),
      description: line.description,
      quantity: text(line.quantity),
      uom: text(line.uom),
      unitPrice: text(line.unitPrice),
    })),
  };
}

/** The queue's total of a ticket body (for lists of tickets only the phone has). */
export function bodyTotalCents(body: CreateFieldTicketBody): number {
  return body.lines.reduce(
    (sum, line) => sum + (toCents(line.amount == null ? null : String(line.amount)) ?? 0),
    0,
  );
}
