import { describe, expect, it } from 'vitest';
import {
  canonicalCurrency,
  canonicalNumber,
  formatCurrencyText,
  formatDollars,
  sanitizeNumberInput,
  toNumericText,
} from './number-format';

describe('numeric input', () => {
  it('keeps only what can become a number while typing', () => {
    expect(sanitizeNumberInput('12a3')).toBe('123');
    expect(sanitizeNumberInput('1.2.3')).toBe('1.23');
    expect(sanitizeNumberInput('-4.5')).toBe('-4.5');
    expect(sanitizeNumberInput('4-5')).toBe('45');
    expect(sanitizeNumberInput('1,234.')).toBe('1234.');
  });

  it('converts selected or pasted text to a number, or empties it', () => {
    expect(toNumericText('$1,234.50')).toBe('1234.50');
    expect(toNumericText(' 42 ')).toBe('42');
    expect(toNumericText('(12.00)')).toBe('-12.00');
    expect(toNumericText('.5')).toBe('0.5');
    expect(toNumericText('Net 30')).toBe('');
    expect(toNumericText('abc')).toBe('');
  });

  it('gives canonical values (null for unreadable text)', () => {
    expect(canonicalNumber('')).toBe('');
    expect(canonicalNumber('1,234.')).toBe('1234');
    expect(canonicalNumber('x')).toBeNull();
    expect(canonicalCurrency('1234.5')).toBe('1234.50');
    expect(canonicalCurrency('')).toBe('');
  });

  it('formats US dollars', () => {
    expect(formatCurrencyText('1234.5')).toBe('1,234.50');
    expect(formatCurrencyText('')).toBe('');
    expect(formatDollars('-5')).toBe('-$5.00');
    expect(formatDollars('1234567.891')).toBe('$1,234,567.89');
  });
});
