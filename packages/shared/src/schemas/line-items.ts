import { z } from 'zod';
import {
  ACCOUNT_CODE_MAX,
  MAX_LINE_ITEMS,
  lineCellProblem,
  lineItemMessages,
  senderLineColumns,
} from '../rules/line-items';
import { lineAmountProblem } from '../rules/document-validation';
import { isIsoDay } from '../rules/field-tickets';
import { zLineItemCell, zLineItemRow } from './line-item-rows';
import { zSaveDocumentRequest } from './documents';

/** Line items, the receiver's coding, proposals and account codes (docs/line-items.md). */

export const zLineItemColumn = z.object({
  key: z.string(),
  name: z.string(),
  owner: z.enum(['sender', 'receiver']),
  valueType: z.enum(['text', 'number', 'currency', 'account']),
  accountKind: z.number().int().nullable(),
  isRequired: z.boolean(),
  isAmount: z.boolean(),
  /** For the caller: the sender's cells are read-only to the receiver and vice versa. */
  isReadonly: z.boolean(),
});
export type LineItemColumnDto = z.infer<typeof zLineItemColumn>;

/** A coding rule's verdict on the document (coding rules, issue 12 item 4). */
export const zCodingRuleResult = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  passed: z.boolean(),
  message: z.string(),
});
export type CodingRuleResult = z.infer<typeof zCodingRuleResult>;

/** GET /documents/{id}/lineItems. */
export const zDocumentLineItems = z.object({
  documentId: z.number().int(),
  columns: z.array(zLineItemColumn),
  rows: z.array(zLineItemRow),
  /** The sender may change its lines (the document is editable). */
  canEditLines: z.boolean(),
  /** The receiver may save its coding. */
  canEditCoding: z.boolean(),
  /** The receiver's coding rules on this invoice (empty for the sender). */
  ruleResults: z.array(zCodingRuleResult),
});
export type DocumentLineItems = z.infer<typeof zDocumentLineItems>;

/** A cell typed as text or as a number; blank is null. */
const zCellValue = z
  .union([z.string(), z.number()], { error: 'A cell must be text or a number' })
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return null;
    const text = String(v).trim();
    return text === '' ? null : text;
  });

/**
 * Issue 32: the price-book item code, unit and service day of a line (the three-way match compares
 * them). Left out: the line keeps what it had while its description is unchanged (a line made from
 * a field ticket keeps its item when its price is edited); null clears it.
 */
const zLineRef = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const zSenderLine = z.object({
  description: zCellValue,
  quantity: zCellValue,
  unitPrice: zCellValue,
  amount: zCellValue,
  itemCode: zLineRef(50, 'An item code can be at most 50 characters'),
  uom: zLineRef(20, 'A unit can be at most 20 characters'),
  serviceDate: z
    .string({ error: 'The service date must be a date like 2026-03-01' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The service date must be a date like 2026-03-01')
    .refine((v) => isIsoDay(v), 'The service date must be a date like 2026-03-01')
    .nullish(),
});

/** PUT /documents/{id}/lineItems: the sender's lines, replacing the stored ones (in order). */
export const zSaveLineItemsInput = z.object({
  lines: z
    .array(zSenderLine)
    .max(MAX_LINE_ITEMS, lineItemMessages.tooManyLines(MAX_LINE_ITEMS))
    .superRefine((lines, ctx) => {
      lines.forEach((line, i) => {
        for (const column of senderLineColumns) {
          const key = column.key as keyof typeof line;
          const problem = lineCellProblem(column, line[key], i + 1);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [i, key] });
        }
        const mismatch = lineAmountProblem(line, i + 1);
        if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: [i, 'amount'] });
      });
    }),
});
export type SaveLineItemsInput = z.input<typeof zSaveLineItemsInput>;

const zCode = z
  .string({ error: 'A code must be text' })
  .trim()
  .max(ACCOUNT_CODE_MAX, `A code can be at most ${ACCOUNT_CODE_MAX} characters`)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * PUT /documents/{id}/lineItems/coding: the receiver's coding by line. A key left out keeps its
 * value; null or '' clears it.
 */
export const zSaveLineCodingInput = z.object({
  lines: z
    .array(
      z.object({
        lineNumber: z.number().int().min(1).max(MAX_LINE_ITEMS),
        afe: zCode,
        costCenter: zCode,
        accountCode: zCode,
        well: zCode,
        property: zCode,
      }),
    )
    .min(1, 'Give the coding of at least one line')
    .max(MAX_LINE_ITEMS),
});
export type SaveLineCodingInput = z.input<typeof zSaveLineCodingInput>;

/** GET /documents/{id}/ProposedLineItems/{page}/{pageSize} (spec 1 §3, §7; -1 = all rows). */
export const zProposedLineItemsParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  page: z.coerce.number().int().min(1, 'The page starts at 1').max(100_000),
  pageSize: z.coerce
    .number()
    .int()
    .refine(
      (n) => n === -1 || (n >= 1 && n <= MAX_LINE_ITEMS),
      'The page size is -1 (all) or 1–500',
    ),
});

export const zSuggestedRow = z.object({
  /** The line the suggestion codes (receiver), or null for a new line to add (sender). */
  lineNumber: z.number().int().nullable(),
  cells: z.array(zLineItemCell),
  /** How many earlier lines it comes from (0 for a line read from the document itself). */
  timesUsed: z.number().int(),
  /** 'document': read from the invoice's own table (issue 14); 'history': from earlier lines. */
  source: z.enum(['document', 'history']).optional(),
});
export type SuggestedRow = z.infer<typeof zSuggestedRow>;

export const zProposedLineItems = z.object({
  columnHeaders: z.array(z.object({ name: z.string(), key: z.string() })),
  rows: z.array(zLineItemRow),
  suggestedRows: z.array(zSuggestedRow),
  totalRecords: z.number().int(),
});
export type ProposedLineItems = z.infer<typeof zProposedLineItems>;

/** A receiving company's known code of one account kind (GET /accountcodes/{kind}). */
export const zAccountCode = z.object({
  id: z.number().int(),
  accountKind: z.number().int(),
  code: z.string(),
  name: z.string(),
});
export type AccountCode = z.infer<typeof zAccountCode>;

export const zAccountCodeParams = z.object({
  kind: z.coerce
    .number({ error: 'The account kind is a number from 1 to 8' })
    .int()
    .min(1, 'The account kind is a number from 1 to 8')
    .max(8, 'The account kind is a number from 1 to 8'),
});
export const zAccountCodeQuery = z.object({
  query: z.string().trim().max(ACCOUNT_CODE_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/**
 * POST /documents/{id}/resubmit body (issue 27 item 5, optional): the corrected values and, when
 * the sender changed them, its lines, for the new version that is sent at once.
 */
export const zResubmitRequest = z.object({
  metadata: zSaveDocumentRequest.shape.metadata.default([]),
  lines: zSaveLineItemsInput.shape.lines.optional(),
  confirmDuplicate: z.boolean().optional(),
});
export type ResubmitRequest = z.input<typeof zResubmitRequest>;
export type ResubmitBody = z.output<typeof zResubmitRequest>;
