/** A row of the vendor's list as the invoice flip sees it. */
export interface FlipRow {
  documentId: number;
  /** The operator's company; tickets of one operator go on one invoice. */
  operatorId: number | null;
  operatorName: string;
  /** Approved by the operator and not billed yet. */
  billable: boolean;
}

/** At most this many tickets on one invoice (the API's limit). */
export const FLIP_MAX = 100;

export const flipMessages = {
  notBillable: 'Only approved tickets that are not billed yet can be invoiced',
  otherOperator: (name: string) => `Select tickets of one operator: these are for ${name}`,
  tooMany: `At most ${FLIP_MAX} tickets go on one invoice`,
} as const;

/** Why `row` cannot join the selection, or null when it can. */
export function flipRefusal(selected: readonly FlipRow[], row: FlipRow): string | null {
  if (selected.some((s) => s.documentId === row.documentId)) return null;
  if (!row.billable) return flipMessages.notBillable;
  const first = selected[0];
  if (first && first.operatorId !== row.operatorId) {
    return flipMessages.otherOperator(first.operatorName);
  }
  if (selected.length >= FLIP_MAX) return flipMessages.tooMany;
  return null;
}

/** The selection after the row's checkbox was toggled (unchanged when it may not join). */
export function toggleFlip(selected: readonly FlipRow[], row: FlipRow): FlipRow[] {
  if (selected.some((s) => s.documentId === row.documentId)) {
    return selected.filter((s) => s.documentId !== row.documentId);
  }
  return flipRefusal(selected, row) === null ? [...selected, row] : [...selected];
}
