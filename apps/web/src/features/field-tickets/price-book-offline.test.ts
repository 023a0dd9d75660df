import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceBook, PriceBookItem, PriceBookVersion } from '@flowline/shared';
import { configureApiAuth } from '../../lib/api-client';
import { installFakeApi, type RecordedRequest } from '../../test/fake-api';
import {
  keptPriceBookNotice,
  memoryPriceBookStore,
  refreshKeptPriceBooks,
  searchKeptPriceBook,
  type KeptPriceBook,
} from './price-book-offline';

const COMPANY = 7;

function bookItem(
  id: number,
  itemCode: string,
  description: string,
  unitPrice: string,
  extra: Partial<PriceBookItem> = {},
): PriceBookItem {
  return {
    id,
    lineNumber: id,
    itemCode,
    description,
    uom: 'EA',
    unitPrice,
    tiers: [],
    effectiveFrom: null,
    effectiveTo: null,
    contractNumber: null,
    ...extra,
  };
}

function bookVersion(
  id: number,
  priceBookId: number,
  versionNumber: number,
  effectiveFrom: string,
  status: PriceBookVersion['status'],
  effectiveTo: string | null = null,
): PriceBookVersion {
  return {
    id,
    priceBookId,
    versionNumber,
    effectiveFrom,
    effectiveTo,
    status,
    itemCount: 0,
    fileName: 'book.csv',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const book = (
  id: number,
  partyId: number,
  direction: PriceBook['direction'],
  current: PriceBookVersion | null,
): PriceBook => ({
  id,
  direction,
  partyId,
  counterpartyName: 'Red Mesa Operating Co.',
  currentVersion: current,
  versionCount: 1,
});

/**
 * The server's price books for the company: the vendor's own book to Red Mesa (party 11, a current
 * version of 600 items — two pages — and a scheduled one), Red Mesa's contract prices (received,
 * current), and a book to Basin (party 12) whose only version is past.
 */
function fakeBooks() {
  const vendorV1 = bookVersion(501, 1, 1, '2026-01-01', 'current');
  const vendorV2 = bookVersion(502, 1, 2, '2026-12-01', 'scheduled');
  const contract = bookVersion(601, 2, 3, '2026-06-01', 'current');
  const basin = bookVersion(701, 3, 1, '2025-01-01', 'past', '2025-12-31');
  const many = Array.from({ length: 600 }, (_, i) =>
    bookItem(i + 1, `X-${String(i).padStart(3, '0')}`, `Item ${i}`, '1.00'),
  );
  const items: Record<number, PriceBookItem[]> = {
    501: [bookItem(1, 'VAC-130', 'Vacuum truck, 130 bbl', '95.00'), ...many],
    502: [bookItem(1, 'VAC-130', 'Vacuum truck, 130 bbl', '99.00')],
    601: [bookItem(1, 'VAC-130', 'Vacuum truck, 130 bbl (contract)', '90.00')],
  };
  let books = [book(1, 11, 'published', vendorV1), book(2, 11, 'received', contract)];
  books.push(book(3, 12, 'published', null));
  const api = installFakeApi({
    'GET /api/pricebooks': () => books,
    'GET /api/pricebooks/1/versions': () => [vendorV2, vendorV1],
    'GET /api/pricebooks/2/versions': () => [contract],
    'GET /api/pricebooks/3/versions': () => [basin],
    ...Object.fromEntries(
      Object.entries(items).map(([versionId, list]) => [
        `GET /api/pricebooks/versions/${versionId}/items`,
        (req: RecordedRequest) => {
          const params = new URLSearchParams(req.search);
          const page = Number(params.get('page'));
          const size = Number(params.get('pageSize'));
          return {
            items: list.slice((page - 1) * size, page * size),
            totalRecords: list.length,
          };
        },
      ]),
    ),
  });
  return {
    api,
    dropContract: () => {
      books = books.filter((b) => b.id !== 2);
    },
    dropRedMesa: () => {
      books = books.filter((b) => b.partyId !== 11);
    },
  };
}

beforeEach(() => configureApiAuth(null));
afterEach(() => vi.unstubAllGlobals());

describe('the price book kept on the phone', () => {
  it('keeps, per connection, the versions in force and scheduled with every item; a kept version is not read again', async () => {
    const server = fakeBooks();
    const store = memoryPriceBookStore();
    await refreshKeptPriceBooks(COMPANY, store, new Date('2026-11-29T12:00:00Z'));

    expect([...store.items.keys()]).toEqual([`${COMPANY}:11`]);
    const kept = store.items.get(`${COMPANY}:11`)!;
    expect(kept.fetchedAt).toBe('2026-11-29T12:00:00.000Z');
    expect(
      kept.versions.map((v) => [
        v.versionId,
        v.direction,
        v.effectiveFrom,
        v.current,
        v.items.length,
      ]),
    ).toEqual([
      [502, 'published', '2026-12-01', false, 1],
      [501, 'published', '2026-01-01', true, 601],
      [601, 'received', '2026-06-01', true, 1],
    ]);
    // 601 items of version 501 in two pages.
    expect(server.api.find('GET', '/api/pricebooks/versions/501/items')).toHaveLength(2);
    // Basin's book has only a past version: nothing kept, its items never read.
    expect(server.api.find('GET', '/api/pricebooks/versions/701/items')).toHaveLength(0);

    // Again: versions never change, so their items are not read again.
    server.dropContract();
    await refreshKeptPriceBooks(COMPANY, store);
    expect(server.api.find('GET', '/api/pricebooks/versions/501/items')).toHaveLength(2);
    expect(store.items.get(`${COMPANY}:11`)!.versions.map((v) => v.versionId)).toEqual([502, 501]);

    // A connection without a book any more is dropped from the phone.
    server.dropRedMesa();
    await refreshKeptPriceBooks(COMPANY, store);
    expect(store.items.size).toBe(0);
  });

  const kept: KeptPriceBook = {
    key: `${COMPANY}:11`,
    companyId: COMPANY,
    partyId: 11,
    fetchedAt: '2026-11-29T12:00:00.000Z',
    versions: [
      {
        priceBookId: 1,
        direction: 'published',
        versionId: 501,
        versionNumber: 1,
        effectiveFrom: '2026-01-01',
        effectiveTo: null,
        current: true,
        items: [
          bookItem(1, 'HOT-1', 'Hot oiler with vacuum', '150.00'),
          bookItem(2, 'VAC-130', 'Vacuum truck, 130 bbl', '95.00'),
          bookItem(3, 'VAC-80', 'Vacuum truck, 80 bbl', '80.00', { effectiveTo: '2026-06-30' }),
        ],
      },
      {
        priceBookId: 1,
        direction: 'published',
        versionId: 502,
        versionNumber: 2,
        effectiveFrom: '2026-12-01',
        effectiveTo: null,
        current: false,
        items: [bookItem(1, 'VAC-130', 'Vacuum truck, 130 bbl', '99.00')],
      },
      {
        priceBookId: 2,
        direction: 'received',
        versionId: 601,
        versionNumber: 3,
        effectiveFrom: '2026-06-01',
        effectiveTo: null,
        current: true,
        items: [bookItem(1, 'VAC-130', 'Vacuum truck (contract)', '90.00')],
      },
    ],
  };
  const found = (query: string, day: string, limit?: number) =>
    searchKeptPriceBook(kept, query, day, limit).map(
      (s) => `${s.itemCode}@${s.unitPrice}/v${s.versionNumber}`,
    );

  it('searches it like the server: codes first, the operator’s contract prices first, the item’s own dates', () => {
    // The contract (received) before the vendor's book; a code starting with the query before a
    // description containing it; VAC-80 ended on 2026-06-30.
    expect(found('vac', '2026-11-20')).toEqual([
      'VAC-130@90.00/v3',
      'VAC-130@95.00/v1',
      'HOT-1@150.00/v1',
    ]);
    // In March VAC-80 still applies; the contract kept started in June — none kept was in force
    // then, so the one current when fetched is offered (the server checks the price on arrival).
    expect(found('VAC', '2026-03-02')).toEqual([
      'VAC-130@90.00/v3',
      'VAC-130@95.00/v1',
      'VAC-80@80.00/v1',
      'HOT-1@150.00/v1',
    ]);
    expect(found('80 BBL', '2026-03-02')).toEqual(['VAC-80@80.00/v1']);
    expect(found('vac', '2026-11-20', 1)).toEqual(['VAC-130@90.00/v3']);
    expect(found('  ', '2026-11-20')).toEqual([]);
    expect(found('nothing', '2026-11-20')).toEqual([]);
  });

  it('prices a ticket of a day with the version in force that day, else the one current when fetched', () => {
    // From 2026-12-01 the scheduled version of the vendor's book applies.
    expect(found('vac-130', '2026-12-02')).toEqual(['VAC-130@90.00/v3', 'VAC-130@99.00/v2']);
    // Before any kept version started (a ticket for last year): the versions current when fetched.
    expect(found('vac-130', '2025-05-01')).toEqual(['VAC-130@90.00/v3', 'VAC-130@95.00/v1']);
  });

  it('says which price book the prices come from and that the server checks them', () => {
    expect(keptPriceBookNotice(kept, '2026-11-20')).toBe(
      'Prices from the price book of 2026-01-01 and 2026-06-01; will be checked when sent.',
    );
    expect(
      keptPriceBookNotice({ ...kept, versions: kept.versions.slice(0, 2) }, '2026-12-05'),
    ).toBe('Prices from the price book of 2026-12-01; will be checked when sent.');
  });
});
