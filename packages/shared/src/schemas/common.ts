import { z } from 'zod';

/** Messages shared by many forms (spec 2 §5.2, spec 3 §5). */
export const messages = {
  required: 'Required',
  mustBeNumber: 'Must be a number',
  validEmail: 'Must be a valid email',
} as const;

export const zErrorBody = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    /** By field key; or, for a document refused as a whole (a PIDX invoice), located problems. */
    fields: z
      .union([
        z.record(z.string(), z.string()),
        z.array(z.object({ path: z.string(), message: z.string() })),
      ])
      .optional(),
  }),
});
export type ErrorBody = z.infer<typeof zErrorBody>;

/** Ids are PostgreSQL `integer` (serial) columns: a larger number can name nothing. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a JSON body. */
export const zId = z.number().int().positive().max(MAX_ID);

/** A positive integer id taken from a path or query string (400, never a database error). */
export const zIdParam = z.coerce.number().int().positive().max(MAX_ID);

export const zPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100000).default(25),
});

export function zPaged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalRecords: z.number().int() });
}
