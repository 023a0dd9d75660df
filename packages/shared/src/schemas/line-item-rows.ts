import { z } from 'zod';

/**
 * A detail line item as the document carries it (spec 1 §3 'lineItems', rows of cells;
 * docs/line-items.md): cells in column order, the caller's coding included on the receiving side.
 */
export const zLineItemCell = z.object({ key: z.string(), value: z.string().nullable() });
export type LineItemCell = z.infer<typeof zLineItemCell>;

export const zLineItemRow = z.object({
  id: z.number().int(),
  /** 1-based position on the document. */
  lineNumber: z.number().int(),
  cells: z.array(zLineItemCell),
});
export type LineItemRowDto = z.infer<typeof zLineItemRow>;
