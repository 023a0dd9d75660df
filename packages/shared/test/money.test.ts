import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, formatUsd } from '../src/index';

describe('formatMoney (issue 27 item 14: one money format everywhere)', () => {
  it.each([
    [1000, '$1,000.00'],
    ['1000', '$1,000.00'],
    ['1200.00', '$1,200.00'],
    ['1234.5', '$1,234.50'],
    [-5, '-$5.00'],
    ['0', '$0.00'],
    ['.5', '$0.50'],
  ])('%j → %s', (value, shown) => expect(formatMoney(value)).toBe(shown));

  it('shows nothing for no value and unreadable text as it is', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('  ')).toBe('');
    expect(formatMoney('Net 30')).toBe('Net 30');
    expect(formatMoney(Number.NaN)).toBe('');
  });

  it("follows the user's locale, and falls back for an unknown tag", () => {
    expect(formatMoney(1000, 'en-US')).toBe('$1,000.00');
    expect(formatMoney(1000, 'de-DE').replace(/\s/g, ' ')).toBe('1.000,00 $');
    expect(formatMoney(1000, 'not a locale')).toBe('$1,000.00');
  });

  it('formats cents the same way (the server messages)', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatUsd(-500)).toBe('-$5.00');
  });
});
