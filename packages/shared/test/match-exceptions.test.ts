import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCH_TOLERANCES,
  describeLineException,
  describeTotalException,
  formatMatchMoney,
  matchMessages,
  percentiles,
  plainNumber,
  reasonKindsOf,
  type LineMatch,
} from '../src/index';

const line = (over: Partial<LineMatch>): LineMatch => ({
  lineNumber: 3,
  verdict: 'matched',
  reason: '',
  expectedUnitPrice: null,
  versionId: null,
  ticketNumbers: [],
  ...over,
});

describe('the exceptions list words', () => {
  it('says a price difference with both prices, the book version and the tolerance', () => {
    expect(
      describeLineException(
        {
          match: line({ verdict: 'priceDiffers', expectedUnitPrice: '1200.00', versionId: 9 }),
          itemCode: 'VAC-130',
          quantity: '1',
          unitPrice: '1250',
          versionNumber: 2,
        },
        DEFAULT_MATCH_TOLERANCES,
      ),
    ).toBe(
      'Line 3: price differs — $1,250.00 billed, $1,200.00 in price book v2 (tolerance $0.01)',
    );
  });

  it('says an item missing from the book on the day, a missing ticket and a quantity over it', () => {
    const base = { itemCode: 'HOT-OIL', quantity: '12', unitPrice: '140', versionNumber: null };
    expect(
      describeLineException(
        { ...base, match: line({ verdict: 'priceDiffers' }), serviceDate: '2026-07-02' },
        DEFAULT_MATCH_TOLERANCES,
      ),
    ).toBe('Line 3: price differs — HOT-OIL is not in the price book in force on 2026-07-02');
    expect(
      describeLineException(
        { ...base, match: line({ lineNumber: 5, verdict: 'noTicket' }) },
        DEFAULT_MATCH_TOLERANCES,
      ),
    ).toBe('Line 5: no ticket');
    expect(
      describeLineException(
        {
          ...base,
          itemCode: null,
          match: line({ lineNumber: 5, verdict: 'noTicket' }),
        },
        DEFAULT_MATCH_TOLERANCES,
      ),
    ).toBe('Line 5: no ticket — the line has no item code');
    expect(
      describeLineException(
        {
          ...base,
          afe: 'AFE-9',
          match: line({
            lineNumber: 2,
            verdict: 'noTicket',
            otherAfe: { afes: ['AFE-7'], ticketNumbers: ['FT-1001'] },
          }),
        },
        DEFAULT_MATCH_TOLERANCES,
      ),
    ).toBe('Line 2: no ticket on AFE AFE-9 — HOT-OIL is on ticket FT-1001 for AFE AFE-7');
    expect(
      describeLineException(
        {
          ...base,
          match: line({ verdict: 'quantityOverTicket', ticketNumbers: ['FT-1', 'FT-2'] }),
          ticketQuantity: '10.00',
        },
        { ...DEFAULT_MATCH_TOLERANCES, quantityPercent: '2.5' },
      ),
    ).toBe('Line 3: quantity over ticket — 12 billed, 10 on ticket FT-1, FT-2 (tolerance 2.5 %)');
    expect(describeLineException({ ...base, match: line({}) }, DEFAULT_MATCH_TOLERANCES)).toBe('');
  });

  it("says the total's difference", () => {
    expect(describeTotalException('959.51', '950.00', DEFAULT_MATCH_TOLERANCES)).toBe(
      'Invoice total $959.51 differs from $950.00 at book prices (tolerance 0 %)',
    );
  });

  it('formats money to the cent unless the price has a finer fraction', () => {
    expect(formatMatchMoney('1250')).toBe('$1,250.00');
    expect(formatMatchMoney('0.0125')).toBe('$0.0125');
    expect(formatMatchMoney('-3.5')).toBe('-$3.50');
    expect(formatMatchMoney(null)).toBe('—');
    expect(plainNumber('10.00')).toBe('10');
    expect(plainNumber('2.50')).toBe('2.5');
    expect(plainNumber('1250.125')).toBe('1,250.125');
  });
});

describe('history and filters', () => {
  it('names the tickets and book versions of a touchless approval', () => {
    expect(matchMessages.approvedAutomatically(['FT-1001', 'FT-1002'], [2])).toBe(
      'Approved automatically: matched tickets FT-1001, FT-1002 and price book v2',
    );
    expect(matchMessages.approvedAutomatically(['FT-7', 'FT-7'], [2, 1, 2])).toBe(
      'Approved automatically: matched ticket FT-7 and price book v1, v2',
    );
    expect(matchMessages.accepted('Agreed')).toBe('Match difference accepted: Agreed');
  });

  it('lists the reason kinds in a fixed order, the total last', () => {
    expect(
      reasonKindsOf(
        [{ verdict: 'noTicket' }, { verdict: 'priceDiffers' }, { verdict: 'noTicket' }],
        false,
      ),
    ).toEqual(['priceDiffers', 'noTicket']);
    expect(reasonKindsOf([{ verdict: 'matched' }], true)).toEqual(['totalDiffers']);
  });

  it('median and 90th percentile by nearest rank', () => {
    expect(percentiles([])).toBeNull();
    expect(percentiles([5, 1, 3, 2, 4, 6, 7, 8, 9, 10])).toEqual({ median: 5, p90: 9 });
  });
});
