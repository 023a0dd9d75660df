import { formatCents, formatMoney } from '@flowline/shared';

/**
 * Money in the user's locale (issue 27 item 14): the browser's language, through the one shared
 * formatter (packages/shared rules/money.ts). Every screen formats amounts with these.
 */
export function userLocale(): string {
  return (typeof navigator !== 'undefined' && navigator.languages?.[0]) || 'en-US';
}

export const formatMoneyForUser = (value: number | string | null | undefined): string =>
  formatMoney(value, userLocale());

export const formatCentsForUser = (cents: number): string => formatCents(cents, userLocale());
