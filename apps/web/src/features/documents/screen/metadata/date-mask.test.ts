import { describe, expect, it } from 'vitest';
import {
  canonicalDateTimeToDisplay,
  canonicalDateToDisplay,
  maskDate,
  maskDateTime,
  parseStrictDate,
  parseStrictDateTime,
} from './date-mask';

describe('date mask', () => {
  it('inserts the separators of the user format as digits are typed', () => {
    expect(maskDate('0', 'MM/dd/yyyy')).toBe('0');
    expect(maskDate('03', 'MM/dd/yyyy')).toBe('03');
    expect(maskDate('030', 'MM/dd/yyyy')).toBe('03/0');
    expect(maskDate('03052024', 'MM/dd/yyyy')).toBe('03/05/2024');
    expect(maskDate('0305202499', 'MM/dd/yyyy')).toBe('03/05/2024');
    expect(maskDate('20240305', 'yyyy-MM-dd')).toBe('2024-03-05');
    expect(maskDate('05032024', 'dd/MM/yyyy')).toBe('05/03/2024');
  });

  it('drops letters and pads a pasted complete date with short parts', () => {
    expect(maskDate('ab03x05', 'MM/dd/yyyy')).toBe('03/05');
    expect(maskDate('3/5/2024', 'MM/dd/yyyy')).toBe('03/05/2024');
    expect(maskDate('3/5/20', 'MM/dd/yyyy')).toBe('35/20');
  });

  it('accepts only strictly valid dates', () => {
    expect(parseStrictDate('03/05/2024', 'MM/dd/yyyy')).toBe('2024-03-05');
    expect(parseStrictDate('02/29/2024', 'MM/dd/yyyy')).toBe('2024-02-29');
    expect(parseStrictDate('02/29/2023', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDate('02/30/2024', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDate('13/01/2024', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDate('00/10/2024', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDate('03/05/24', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDate('3/5/2024', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDate('31/12/2024', 'dd/MM/yyyy')).toBe('2024-12-31');
    expect(parseStrictDate('2024/12/31', 'yyyy/MM/dd')).toBe('2024-12-31');
  });

  it('shows canonical dates in the user format', () => {
    expect(canonicalDateToDisplay('2024-03-05', 'MM/dd/yyyy')).toBe('03/05/2024');
    expect(canonicalDateToDisplay('2024-03-05', 'dd/MM/yyyy')).toBe('05/03/2024');
    expect(canonicalDateToDisplay(null, 'MM/dd/yyyy')).toBe('');
  });
});

describe('date-time mask (12-hour with AM/PM)', () => {
  it('masks the date, the time and the meridiem', () => {
    expect(maskDateTime('030520240', 'MM/dd/yyyy')).toBe('03/05/2024 0');
    expect(maskDateTime('03052024093', 'MM/dd/yyyy')).toBe('03/05/2024 09:3');
    expect(maskDateTime('030520240930p', 'MM/dd/yyyy')).toBe('03/05/2024 09:30 PM');
    expect(maskDateTime('03/05/2024 09:30 PMa', 'MM/dd/yyyy')).toBe('03/05/2024 09:30 AM');
  });

  it('accepts a complete 12-hour time only, and round-trips through ISO', () => {
    const iso = parseStrictDateTime('03/05/2024 09:30 PM', 'MM/dd/yyyy');
    expect(iso).not.toBeNull();
    expect(new Date(iso!).getHours()).toBe(21);
    expect(canonicalDateTimeToDisplay(iso, 'MM/dd/yyyy')).toBe('03/05/2024 09:30 PM');
    expect(
      canonicalDateTimeToDisplay(
        parseStrictDateTime('03/05/2024 12:05 AM', 'MM/dd/yyyy'),
        'MM/dd/yyyy',
      ),
    ).toBe('03/05/2024 12:05 AM');
    expect(parseStrictDateTime('03/05/2024 13:30 PM', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDateTime('03/05/2024 09:30', 'MM/dd/yyyy')).toBeNull();
    expect(parseStrictDateTime('02/30/2024 09:30 AM', 'MM/dd/yyyy')).toBeNull();
  });
});
