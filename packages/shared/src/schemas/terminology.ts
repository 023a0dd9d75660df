import { z } from 'zod';

export const TERM_MAX_LENGTH = 100;

/** A product term of a company (spec 3 intro); `customizedName` wins over `terminologyName` when set. */
export const zTerm = z.object({
  terminologyId: z.number().int(),
  /** The default label: Profile, Vendor, Connection. */
  terminologyName: z.string(),
  customizedName: z.string().nullable(),
});
export type Term = z.infer<typeof zTerm>;

/** Body of PUT /terminology/{terminologyId}: null or blank restores the default. */
export const zTermUpdate = z.object({
  customizedName: z
    .string()
    .trim()
    .max(TERM_MAX_LENGTH, `Must be at most ${TERM_MAX_LENGTH} characters`)
    .nullable(),
});
export type TermUpdate = z.infer<typeof zTermUpdate>;
