import { describe, expect, it } from 'vitest';
import {
  addDaysToIsoDate,
  earlyPayDiscountFor,
  earlyPayDiscountUntil,
  endOfIsoMonth,
  formatPaymentTerms,
  isIsoCalendarDate,
  metadataFieldSeeds,
  parsePaymentTerms,
  paymentDueDate,
  PAYMENT_TERMS_DISCOUNT_PATTERN,
} from '../src/index';

describe('parsePaymentTerms', () => {
  it.each([
    ['Due on receipt', { netDays: 0, endOfMonth: false, discount: null }],
    ['upon receipt', { netDays: 0, endOfMonth: false, discount: null }],
    ['COD', { netDays: 0, endOfMonth: false, discount: null }],
    ['Net 30', { netDays: 30, endOfMonth: false, discount: null }],
    ['net30', { netDays: 30, endOfMonth: false, discount: null }],
    ['N45', { netDays: 45, endOfMonth: false, discount: null }],
    [' Net 60 days ', { netDays: 60, endOfMonth: false, discount: null }],
    ['Net 0', { netDays: 0, endOfMonth: false, discount: null }],
    ['Net EOM', { netDays: 0, endOfMonth: true, discount: null }],
    ['EOM', { netDays: 0, endOfMonth: true, discount: null }],
    ['Net 30 EOM', { netDays: 30, endOfMonth: true, discount: null }],
    ['2/10 Net 30', { netDays: 30, endOfMonth: false, discount: { percent: 2, days: 10 } }],
    ['2/10, N30', { netDays: 30, endOfMonth: false, discount: { percent: 2, days: 10 } }],
    ['2% 10 Net 30', { netDays: 30, endOfMonth: false, discount: { percent: 2, days: 10 } }],
    ['2%/10 net 30', { netDays: 30, endOfMonth: false, discount: { percent: 2, days: 10 } }],
    [
      '1.5/15 net 45 days',
      { netDays: 45, endOfMonth: false, discount: { percent: 1.5, days: 15 } },
    ],
    ['0.25/5 Net 10', { netDays: 10, endOfMonth: false, discount: { percent: 0.25, days: 5 } }],
  ])('reads %j', (text, expected) => {
    expect(parsePaymentTerms(text)).toEqual(expected);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'Net',
    'Net thirty',
    'Net -30',
    'Net 366',
    'Net 1000',
    '30 days',
    '2 10 Net 30',
    '2/10',
    '/10 Net 30',
    '2/ Net 30',
    '21/10 Net 30', // more than 20 percent
    '0/10 Net 30', // no discount
    '2/0 Net 30',
    '2/30 Net 30', // the window must end before the due date
    '2/40 Net 30',
    '2/121 Net 180', // longer than any early-pay window
    '2.555/10 Net 30',
    '2/10 Net 30 EOM',
    '2/10 Net 30; drop table',
    'Net 30'.padEnd(120, ' '),
  ])('refuses %j', (text) => {
    expect(parsePaymentTerms(text)).toBeNull();
  });

  it('reads every choice of the AR invoice’s Payment Terms field', () => {
    const field = metadataFieldSeeds.find((f) => f.key === 'docPaymentTerms' && f.lookupValues);
    for (const value of field!.lookupValues!) {
      const terms = parsePaymentTerms(value);
      expect(terms, value).not.toBeNull();
      // Written back the way the list spells it.
      expect(formatPaymentTerms(terms!)).toBe(value);
    }
  });

  it('writes terms the usual way', () => {
    expect(formatPaymentTerms(parsePaymentTerms('2% 10, n30')!)).toBe('2/10 Net 30');
    expect(formatPaymentTerms(parsePaymentTerms('net eom')!)).toBe('Net EOM');
    expect(formatPaymentTerms(parsePaymentTerms('upon receipt')!)).toBe('Due on receipt');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-01-31', 30, '2026-03-02'],
    ['2024-01-31', 30, '2024-03-01'], // leap year: February has 29 days
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2026-12-15', 30, '2027-01-14'], // over the year end
    ['2026-03-08', 1, '2026-03-09'], // no time zone or daylight saving shift
    ['2026-01-05', 0, '2026-01-05'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDaysToIsoDate(date, days)).toBe(expected);
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-1-5', '05/01/2026', 'soon', '', null])(
    'refuses the date %j',
    (date) => {
      expect(isIsoCalendarDate(date)).toBe(false);
      expect(addDaysToIsoDate(date, 30)).toBeNull();
      expect(paymentDueDate('Net 30', date)).toBeNull();
    },
  );

  it('knows the last day of each month', () => {
    expect(endOfIsoMonth('2024-02-10')).toBe('2024-02-29');
    expect(endOfIsoMonth('2100-02-10')).toBe('2100-02-28'); // not a leap year
    expect(endOfIsoMonth('2000-02-01')).toBe('2000-02-29'); // a leap year
    expect(endOfIsoMonth('2026-12-31')).toBe('2026-12-31');
    expect(endOfIsoMonth('2026-04-01')).toBe('2026-04-30');
  });
});

describe('paymentDueDate', () => {
  it.each([
    ['Due on receipt', '2026-01-05', '2026-01-05'],
    ['Net 30', '2026-01-05', '2026-02-04'],
    ['Net 30', '2026-01-31', '2026-03-02'],
    ['Net 45', '2024-01-15', '2024-02-29'],
    ['2/10 Net 30', '2026-01-05', '2026-02-04'],
    ['Net EOM', '2024-02-03', '2024-02-29'],
    ['Net 30 EOM', '2026-01-31', '2026-03-02'],
    ['Net 30 EOM', '2026-02-01', '2026-03-30'],
    ['Net 15 EOM', '2024-02-29', '2024-03-15'],
  ])('%s from %s is due %s', (terms, invoiceDate, due) => {
    expect(paymentDueDate(terms, invoiceDate)).toBe(due);
  });

  it('gives nothing without terms it knows or an invoice date', () => {
    expect(paymentDueDate('Whenever', '2026-01-05')).toBeNull();
    expect(paymentDueDate(null, '2026-01-05')).toBeNull();
    expect(paymentDueDate('Net 30', null)).toBeNull();
  });
});

describe('earlyPayDiscountFor', () => {
  const agreement = { percent: 1, days: 15 };

  it('takes the invoice’s own terms first', () => {
    expect(
      earlyPayDiscountFor({ terms: '2/10 Net 30', invoiceDate: '2026-01-05', agreement }),
    ).toEqual({ percent: 2, days: 10, until: '2026-01-15', source: 'terms' });
  });

  it('falls back to the connection’s agreement', () => {
    expect(earlyPayDiscountFor({ terms: 'Net 30', invoiceDate: '2026-01-25', agreement })).toEqual({
      percent: 1,
      days: 15,
      until: '2026-02-09',
      source: 'agreement',
    });
    expect(
      earlyPayDiscountFor({ terms: null, invoiceDate: '2024-02-20', agreement }),
    ).toMatchObject({ until: '2024-03-06' });
  });

  it('offers nothing without a discount or an invoice date', () => {
    expect(earlyPayDiscountFor({ terms: 'Net 30', invoiceDate: '2026-01-05' })).toBeNull();
    expect(earlyPayDiscountFor({ terms: '2/10 Net 30', invoiceDate: null, agreement })).toBeNull();
    expect(earlyPayDiscountFor({ terms: '2/10 Net 30', invoiceDate: '2026-02-30' })).toBeNull();
  });

  it('keeps the payment run’s window rule', () => {
    expect(earlyPayDiscountUntil('2026-01-05', 10)).toBe('2026-01-15');
    expect(earlyPayDiscountUntil('2026-02-30', 10)).toBeNull();
  });
});

describe('PAYMENT_TERMS_DISCOUNT_PATTERN', () => {
  it('is a pattern without flags or features PostgreSQL lacks', () => {
    expect(PAYMENT_TERMS_DISCOUNT_PATTERN).not.toMatch(/\(\?[=!<]/); // no lookaround
    expect(PAYMENT_TERMS_DISCOUNT_PATTERN).not.toMatch(/\\[bBk]/); // no word boundaries
    expect(new RegExp(PAYMENT_TERMS_DISCOUNT_PATTERN, 'i').exec('2/10 Net 30')?.slice(1)).toEqual([
      '2',
      '10',
      '30',
    ]);
  });
});
