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
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof zErrorBody>;

/** A positive integer id taken from a path or query string. */
export const zIdParam = z.coerce.number().int().positive();

export const zPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100000).default(25),
});

export function zPaged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalRecords: z.number().int() });
}
