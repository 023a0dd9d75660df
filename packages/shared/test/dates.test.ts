import { describe, expect, it } from 'vitest';
import { dateFormats, formatDate, formatDateTime, formatTime, isDateFormat } from '../src/index';

describe('dates in the user format', () => {
  const day = new Date(2024, 2, 5, 9, 7, 3);

  it.each([
    ['MM/dd/yyyy', '03/05/2024'],
    ['dd/MM/yyyy', '05/03/2024'],
    ['yyyy/MM/dd', '2024/03/05'],
    ['yyyy-MM-dd', '2024-03-05'],
  ] as const)('%s', (format, expected) => {
    expect(formatDate(day, format)).toBe(expected);
  });

  it('offers exactly the four formats of the spec', () => {
    expect(dateFormats).toEqual(['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy/MM/dd', 'yyyy-MM-dd']);
    expect(isDateFormat('dd.MM.yy')).toBe(false);
  });

  it('shows a calendar date as that day in any time zone', () => {
    expect(formatDate('2024-12-31', 'dd/MM/yyyy')).toBe('31/12/2024');
  });

  it('shows times as hh:mm:ss A', () => {
    expect(formatTime(day)).toBe('09:07:03 AM');
    expect(formatTime(new Date(2024, 0, 1, 0, 0, 0))).toBe('12:00:00 AM');
    expect(formatTime(new Date(2024, 0, 1, 12, 30, 0))).toBe('12:30:00 PM');
    expect(formatDateTime(new Date(2024, 0, 1, 23, 59, 59), 'yyyy-MM-dd')).toBe(
      '2024-01-01 11:59:59 PM',
    );
  });

  it('shows nothing for missing or unreadable dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
