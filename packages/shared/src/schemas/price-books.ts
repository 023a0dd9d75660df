import { z } from 'zod';
import { canonicalDate, priceBookMessages as msg } from '../rules/price-books';
import { zId } from './common';

/** Price books (issue 32 item 1; docs/price-books.md). */

const zIsoDate = (required: string) =>
  z.string({ error: required }).transform((value, ctx) => {
    const day = canonicalDate(value);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'Use a date like 2026-01-31' });
      return z.NEVER;
    }
    return day;
  });

/** The `options` part of POST /pricebooks/import (JSON text beside the file). */
export const zPriceBookImportOptions = z
  .object({
    /** The publisher's own connection to the company that receives the book. */
    partyId: zId,
    effectiveFrom: zIsoDate(msg.effectiveFromRequired),
    effectiveTo: zIsoDate('Use a date like 2026-01-31').nullish().default(null),
    /** Import the valid rows and skip the bad ones (each still reported). */
    importValidRows: z.boolean().default(false),
  })
  .refine((o) => o.effectiveTo === null || o.effectiveTo >= o.effectiveFrom, {
    message: msg.effectiveToBeforeFrom,
    path: ['effectiveTo'],
  });
export type PriceBookImportOptions = z.input<typeof zPriceBookImportOptions>;

export const zPriceBookRowError = z.object({ line: z.number().int(), reason: z.string() });

export const zPriceBookVersion = z.object({
  id: z.number().int(),
  priceBookId: z.number().int(),
  versionNumber: z.number().int(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
  status: z.enum(['current', 'scheduled', 'past']),
  itemCount: z.number().int(),
  fileName: z.string(),
  createdAt: z.string(),
});
export type PriceBookVersion = z.infer<typeof zPriceBookVersion>;

export const zPriceBook = z.object({
  id: z.number().int(),
  /** published: the caller's company publishes it; received: a connection publishes it to us. */
  direction: z.enum(['published', 'received']),
  /** The caller's own connection record for the other company, when it has one. */
  partyId: z.number().int().nullable(),
  /** Who the book is between, from the caller's point of view: the other company's name. */
  counterpartyName: z.string(),
  currentVersion: zPriceBookVersion.nullable(),
  versionCount: z.number().int(),
});
export type PriceBook = z.infer<typeof zPriceBook>;

export const zPriceBookImportResult = z.object({
  priceBook: zPriceBook,
  version: zPriceBookVersion,
  imported: z.number().int(),
  /** The bad rows that were skipped ('import the valid rows'). */
  skipped: z.array(zPriceBookRowError),
});
export type PriceBookImportResult = z.infer<typeof zPriceBookImportResult>;

/** The 400 of an import with bad rows: the error body plus every bad row. */
export const zPriceBookImportRefusal = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    rows: z.array(zPriceBookRowError).optional(),
  }),
});
export type PriceBookImportRefusal = z.infer<typeof zPriceBookImportRefusal>;

export const zPriceTier = z.object({ minQuantity: z.string(), unitPrice: z.string() });

export const zPriceBookItem = z.object({
  id: z.number().int(),
  lineNumber: z.number().int(),
  itemCode: z.string(),
  description: z.string(),
  uom: z.string(),
  unitPrice: z.string(),
  tiers: z.array(zPriceTier),
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
  contractNumber: z.string().nullable(),
});
export type PriceBookItem = z.infer<typeof zPriceBookItem>;

export const zPriceBookItemsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  query: z.string().trim().max(100).default(''),
});

export const zPriceBookItemPage = z.object({
  items: z.array(zPriceBookItem),
  totalRecords: z.number().int(),
});
export type PriceBookItemPage = z.infer<typeof zPriceBookItemPage>;

export const zPriceBookTypeaheadQuery = z.object({
  /** The caller's connection the line is for (the other company of the book). */
  partyId: z.coerce.number().int().positive().max(2_147_483_647),
  query: z.string().trim().min(1, 'Type part of a code or description').max(100),
  /** The service date: the versions in force that day (default today). */
  date: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const day = canonicalDate(value);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: 'Use a date like 2026-01-31' });
        return z.NEVER;
      }
      return day;
    }),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const zPriceBookSuggestion = zPriceBookItem.extend({
  priceBookId: z.number().int(),
  versionId: z.number().int(),
  versionNumber: z.number().int(),
  direction: z.enum(['published', 'received']),
});
export type PriceBookSuggestion = z.infer<typeof zPriceBookSuggestion>;

export const zSpreadsheetFormat = z.enum(['csv', 'xlsx']).default('csv');
