import { z } from 'zod';
import { zId } from './common';
import { DECLINE_REASONS, zDeclineReason } from './signing';

/**
 * The operator's division-order analyst's view (issue 31 item 4; docs/signing.md): the sent
 * pending division orders with how each came back, the decline reason and the days outstanding;
 * reminders (by hand and automatic), the signed ones as one zip, the list as CSV.
 */

export const DivisionOrderResponseKind = {
  signed: 'signed',
  unsigned: 'unsigned',
  awaiting: 'awaiting',
} as const;
export type DivisionOrderResponseKind =
  (typeof DivisionOrderResponseKind)[keyof typeof DivisionOrderResponseKind];
export const DIVISION_ORDER_RESPONSE_KINDS = ['signed', 'unsigned', 'awaiting'] as const;
export const divisionOrderResponseLabels: Record<DivisionOrderResponseKind, string> = {
  signed: 'Signed',
  unsigned: 'Unsigned',
  awaiting: 'Awaiting',
};

/** At most this many orders reminded, or downloaded as one zip, at a time. */
export const DIVISION_ORDER_BATCH_MAX = 100;
/** A reminder for one order at most this often (by hand or automatic). */
export const REMINDER_MIN_INTERVAL_HOURS = 24;
export const AUTO_REMIND_DAYS_MAX = 365;

export const divisionOrderMessages = {
  title: 'Division order responses',
  response: 'Response',
  declineReason: 'Decline reason',
  daysOutstanding: 'Days outstanding',
  lastReminded: 'Last reminded',
  remind: 'Remind',
  downloadSigned: 'Download signed',
  exportCsv: 'Export CSV',
  minDays: 'Outstanding at least (days)',
  reminderTooSoon:
    'A reminder for this division order was already sent in the last 24 hours; send the next one tomorrow.',
  notAwaiting: 'Only a division order still awaiting its response can be reminded.',
  notSigned: 'Only a division order returned signed can be downloaded signed.',
  reminded: (n: number, refused: number) =>
    `Reminder sent for ${n} division order${n === 1 ? '' : 's'}${refused ? `, ${refused} not sent` : ''}.`,
  autoRemindLabel: 'Remind owners automatically after (days)',
  autoRemindHelp:
    'Owners are reminded of a division order still awaiting their response after this many days, and again every as many days. Leave empty for no automatic reminders.',
  autoRemindRange: `Between 1 and ${AUTO_REMIND_DAYS_MAX} days, or empty for none`,
} as const;

const zOptionalNumber = (max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(max).optional(),
  );

/** GET /division-orders/responses (and the CSV): filters and a page. */
export const zDivisionOrderListQuery = z.object({
  response: z.enum(DIVISION_ORDER_RESPONSE_KINDS).optional(),
  declineReason: zDeclineReason.optional(),
  /** Awaiting for at least this many days (only awaiting orders match). */
  minDaysOutstanding: zOptionalNumber(3650),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type DivisionOrderListQuery = z.input<typeof zDivisionOrderListQuery>;
export type DivisionOrderListFilter = z.output<typeof zDivisionOrderListQuery>;

export const zDivisionOrderRow = z.object({
  /** The document (a signed one: its signed version). */
  id: z.number().int(),
  owner: z.string().nullable(),
  property: z.string().nullable(),
  well: z.string().nullable(),
  decimalInterest: z.string().nullable(),
  effectiveDate: z.string().nullable(),
  sentAt: z.string().nullable(),
  response: z.enum(DIVISION_ORDER_RESPONSE_KINDS),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  /** The decline's words as the operator reads them ('Other: …'). */
  declineText: z.string().nullable(),
  /** Whole days since sent, for an order still awaiting its response; null once returned. */
  daysOutstanding: z.number().int().nullable(),
  lastRemindedAt: z.string().nullable(),
  reminderCount: z.number().int(),
});
export type DivisionOrderRow = z.infer<typeof zDivisionOrderRow>;

export const zDivisionOrderPage = z.object({
  rows: z.array(zDivisionOrderRow),
  totalRecords: z.number().int(),
});
export type DivisionOrderPage = z.infer<typeof zDivisionOrderPage>;

const zBatchIds = z
  .array(zId)
  .min(1, 'Select at least one division order')
  .max(DIVISION_ORDER_BATCH_MAX, `At most ${DIVISION_ORDER_BATCH_MAX} division orders at a time`)
  .refine((ids) => new Set(ids).size === ids.length, 'A division order is listed twice');

/** POST /division-orders/remind and POST /division-orders/signed.zip */
export const zDivisionOrderIdsInput = z.object({ ids: zBatchIds });

export const zRemindResult = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      error: z
        .object({ status: z.number().int(), code: z.string(), message: z.string() })
        .nullable(),
    }),
  ),
  reminded: z.number().int(),
  refused: z.number().int(),
});
export type RemindResult = z.infer<typeof zRemindResult>;

/** GET/PUT /division-orders/settings: automatic reminders (Administrators set them). */
export const zDivisionOrderSettings = z.object({
  autoRemindAfterDays: z
    .number({ error: divisionOrderMessages.autoRemindRange })
    .int(divisionOrderMessages.autoRemindRange)
    .min(1, divisionOrderMessages.autoRemindRange)
    .max(AUTO_REMIND_DAYS_MAX, divisionOrderMessages.autoRemindRange)
    .nullable(),
});
export type DivisionOrderSettings = z.infer<typeof zDivisionOrderSettings>;
