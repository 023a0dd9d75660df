import { formatCents } from './money';
import { toScaled, type LineMatch, type MatchTolerances } from './three-way-match';

/**
 * The words of the three-way match on arrival (issue 32 item 4; docs/three-way-match.md): what
 * the exceptions list says of each line, the touchless history entry and the accept entry. Pure,
 * shared by the server (stored with the match) and the screens.
 */

export const matchReasonKinds = [
  'priceDiffers',
  'noTicket',
  'quantityOverTicket',
  'totalDiffers',
] as const;
export type MatchReasonKind = (typeof matchReasonKinds)[number];

export const matchReasonLabels: Record<MatchReasonKind, string> = {
  priceDiffers: 'Price differs',
  noTicket: 'No ticket',
  quantityOverTicket: 'Quantity over ticket',
  totalDiffers: 'Total differs',
};

/** '1250' / '1250.5' / '0.0125' → '$1,250.00' / '$1,250.50' / '$0.0125' (cents unless finer). */
export function formatMatchMoney(value: string | null): string {
  const scaled = toScaled(value);
  if (scaled === null) return '—';
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  if (abs % 100n === 0n) {
    const cents = Number(abs / 100n);
    return `${negative ? '-' : ''}${formatCents(cents)}`;
  }
  const whole = Number(abs / 10_000n);
  const fraction = String(abs % 10_000n).padStart(4, '0');
  return `${negative ? '-' : ''}$${whole.toLocaleString('en-US')}.${fraction}`;
}

/** '2.50' → '2.5', '0' → '0' (tolerance percentages and quantities as people write them). */
export function plainNumber(value: string | null): string {
  const scaled = toScaled(value);
  if (scaled === null) return value ?? '—';
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const fraction = String(abs % 10_000n)
    .padStart(4, '0')
    .replace(/0+$/, '');
  const whole = (abs / 10_000n).toLocaleString('en-US');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export interface LineForWords {
  match: LineMatch;
  itemCode: string | null;
  quantity: string | null;
  unitPrice: string | null;
  /** The number of the price book version used (v2), when one was in force. */
  versionNumber: number | null;
  /** The ticket quantity the line could bill (quantity over ticket). */
  ticketQuantity?: string | null;
  serviceDate?: string | null;
  /** The AFE the line is coded to (named when the tickets carry the item on another AFE). */
  afe?: string | null;
}

/**
 * One line's exception in the exceptions list's words, e.g.
 * 'Line 3: price differs — $1,250.00 billed, $1,200.00 in price book v2 (tolerance $0.01)'.
 * Empty for a matched line.
 */
export function describeLineException(line: LineForWords, tolerances: MatchTolerances): string {
  const { match } = line;
  const head = `Line ${match.lineNumber}`;
  switch (match.verdict) {
    case 'matched':
      return '';
    case 'noTicket':
      if ((line.itemCode ?? '').trim() === '')
        return `${head}: no ticket — the line has no item code`;
      if (match.otherAfe && line.afe) {
        return `${head}: no ticket on AFE ${line.afe} — ${line.itemCode} is on ticket ${match.otherAfe.ticketNumbers.join(
          ', ',
        )} for AFE ${match.otherAfe.afes.join(', ')}`;
      }
      return `${head}: no ticket`;
    case 'quantityOverTicket':
      return `${head}: quantity over ticket — ${plainNumber(line.quantity)} billed, ${plainNumber(
        line.ticketQuantity ?? null,
      )} on ticket ${match.ticketNumbers.join(', ')} (tolerance ${plainNumber(
        tolerances.quantityPercent,
      )} %)`;
    case 'priceDiffers': {
      if (match.expectedUnitPrice !== null && line.versionNumber !== null) {
        return `${head}: price differs — ${formatMatchMoney(line.unitPrice)} billed, ${formatMatchMoney(
          match.expectedUnitPrice,
        )} in price book v${line.versionNumber} (tolerance ${formatMatchMoney(tolerances.priceAmount)})`;
      }
      if ((line.itemCode ?? '').trim() === '') return `${head}: price differs — no item code`;
      return `${head}: price differs — ${line.itemCode} is not in the price book in force${
        line.serviceDate ? ` on ${line.serviceDate}` : ''
      }`;
    }
  }
}

/** The total's exception: 'Invoice total $959.51 differs from $950.00 at book prices (tolerance 0 %)'. */
export function describeTotalException(
  total: string | null,
  expectedTotal: string | null,
  tolerances: MatchTolerances,
): string {
  return `Invoice total ${formatMatchMoney(total)} differs from ${formatMatchMoney(
    expectedTotal,
  )} at book prices (tolerance ${plainNumber(tolerances.totalPercent)} %)`;
}

/** The book versions as the history names them: 'v2', 'v1, v2'. */
export function priceBookVersionsText(versionNumbers: readonly number[]): string {
  const sorted = [...new Set(versionNumbers)].sort((a, b) => a - b);
  return sorted.map((n) => `v${n}`).join(', ');
}

export const matchMessages = {
  /** The touchless history entry (the issue's test asserts this pattern). */
  approvedAutomatically: (ticketNumbers: readonly string[], versionNumbers: readonly number[]) => {
    const tickets = [...new Set(ticketNumbers)];
    return `Approved automatically: matched ${tickets.length === 1 ? 'ticket' : 'tickets'} ${tickets.join(
      ', ',
    )} and price book ${priceBookVersionsText(versionNumbers)}`;
  },
  stepsApprovedAutomatically: (steps: number) =>
    `The three-way match approved ${steps} ${steps === 1 ? 'step' : 'steps'} of the approval chain`,
  /** The history entry of an accepted difference. */
  accepted: (comment: string) => `Match difference accepted: ${comment}`,
  exceptions: (count: number) =>
    `Three-way match: ${count} ${count === 1 ? 'exception' : 'exceptions'}`,
  /** The history entry of a match run again after a coding change (verdict or reasons changed). */
  rerun: (count: number) =>
    count === 0
      ? 'Three-way match after a coding change: matched'
      : `Three-way match after a coding change: ${count} ${count === 1 ? 'exception' : 'exceptions'}`,
  commentRequired: 'Say why the difference is accepted (a comment is required)',
  commentTooLong: 'The comment can be at most 2000 characters',
  notFound: 'No three-way match exception for this document',
  noMatch: 'This document has no three-way match',
  notOpen: 'This exception is already resolved',
  writersOnly: 'Only members who work on invoices can resolve match exceptions.',
} as const;

/** Which exceptions a stored match has, for the filter (the line verdicts and the total). */
export function reasonKindsOf(
  lines: readonly Pick<LineMatch, 'verdict'>[],
  totalDiffers: boolean,
): MatchReasonKind[] {
  const kinds = new Set<MatchReasonKind>();
  for (const l of lines) if (l.verdict !== 'matched') kinds.add(l.verdict);
  if (totalDiffers) kinds.add('totalDiffers');
  return matchReasonKinds.filter((k) => kinds.has(k));
}

/** Median and 90th percentile of a list of numbers (nearest rank on the sorted list). */
export function percentiles(values: readonly number[]): { median: number; p90: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { median: at(0.5), p90: at(0.9) };
}
