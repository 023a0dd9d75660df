import { z } from 'zod';

/** The three-way match tolerances (issue 32 item 4), set by an Administrator per company. */

const decimal = (label: string, max: number, places: number, example: string) =>
  z.union([z.string(), z.number()], { error: `${label} is required` }).transform((value, ctx) => {
    const text = String(value).trim().replace(/^\$/, '');
    const pattern = new RegExp(`^\\d{1,9}(?:\\.\\d{1,${places}})?$`);
    if (!pattern.test(text) || Number(text) > max) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a number from 0 to ${max} like ${example}`,
      });
      return z.NEVER;
    }
    return String(Number(text));
  });

export const zMatchTolerancesInput = z.object({
  quantityPercent: decimal('Quantity tolerance (%)', 100, 2, '2.5'),
  priceAmount: decimal('Price tolerance ($)', 1_000_000, 4, '0.50'),
  totalPercent: decimal('Total tolerance (%)', 100, 2, '1'),
});

export const zMatchTolerances = z.object({
  quantityPercent: z.string(),
  priceAmount: z.string(),
  totalPercent: z.string(),
  /** false: the company has not set them yet (the defaults apply). */
  isSet: z.boolean(),
});
export type MatchTolerancesDto = z.infer<typeof zMatchTolerances>;
