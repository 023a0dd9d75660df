import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { IDBPDatabase } from 'idb';
import { z } from 'zod';
import {
  itemAppliesOn,
  versionInForce,
  zPriceBook,
  zPriceBookItemPage,
  zPriceBookVersion,
  type PriceBookItem,
  type PriceBookSuggestion,
} from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';

/**
 * The price book on the phone (issue 32, docs/field-tickets-offline.md 'The price book
 * offline'): while online, the books between the company and each connection — the version in
 * force today and any scheduled one, with their effective dates and every item — are kept in
 * IndexedDB; offline the ticket's type-ahead searches that copy, says which book its prices come
 * from, and the server checks them when the ticket arrives (its `bookUnitPrice` per line).
 */

/** One kept version of a book and all its items (versions never change once published). */
export interface KeptVersion {
  priceBookId: number;
  direction: 'published' | 'received';
  versionId: number;
  versionNumber: number;
  effectiveFrom: string;
  effectiveTo: string | null;
  /** The version in force on the day it was fetched (the fallback for an earlier service day). */
  current: boolean;
  items: PriceBookItem[];
}

/** What the phone keeps for one connection of one company. */
export interface KeptPriceBook {
  /** `${companyId}:${partyId}` */
  key: string;
  companyId: number;
  partyId: number;
  /** When it was last read from the server (ISO). */
  fetchedAt: string;
  versions: KeptVersion[];
}

export interface PriceBookStore {
  all(): Promise<KeptPriceBook[]>;
  put(book: KeptPriceBook): Promise<void>;
  delete(key: string): Promise<void>;
}

export const keptBookKey = (companyId: number, partyId: number) => `${companyId}:${partyId}`;

export function memoryPriceBookStore(): PriceBookStore & { items: Map<string, KeptPriceBook> } {
  const items = new Map<string, KeptPriceBook>();
  return {
    items,
    all: () => Promise.resolve([...items.values()].map((b) => structuredClone(b))),
    put: (book) => {
      items.set(book.key, structuredClone(book));
      return Promise.resolve();
    },
    delete: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
}

/** IndexedDB `flowline-price-books`, store `books` (key `key`), opened on first use. */
export function indexedDbPriceBookStore(): PriceBookStore {
  let opening: Promise<IDBPDatabase> | null = null;
  const db = () =>
    (opening ??= import('idb').then(({ openDB }) =>
      openDB('flowline-price-books', 1, {
        upgrade(database) {
          database.createObjectStore('books', { keyPath: 'key' });
        },
      }),
    ));
  return {
    all: async () => (await (await db()).getAll('books')) as KeptPriceBook[],
    put: async (book) => {
      await (await db()).put('books', book);
    },
    delete: async (key) => {
      await (await db()).delete('books', key);
    },
  };
}

/** The app's store: IndexedDB in the browser, a Map where it is missing (jsdom, some private windows). */
export const priceBookStore: PriceBookStore =
  typeof indexedDB === 'undefined' ? memoryPriceBookStore() : indexedDbPriceBookStore();

/** A version's items, page by page (≤ 500 a page; an import holds at most 10,000). */
async function allItems(versionId: number): Promise<PriceBookItem[]> {
  const items: PriceBookItem[] = [];
  for (let page = 1; page <= 40; page++) {
    const answer = await apiRequest(`/pricebooks/versions/${versionId}/items`, {
      schema: zPriceBookItemPage,
      query: { page, pageSize: 500 },
    });
    items.push(...answer.items);
    if (items.length >= answer.totalRecords || answer.items.length === 0) break;
  }
  return items;
}

/**
 * Reads the company's price books from the server and keeps, per connection, the versions in
 * force today and scheduled (items of a version already kept are not fetched again: a version
 * never changes). Connections without a book any more are dropped.
 */
export async function refreshKeptPriceBooks(
  companyId: number,
  store: PriceBookStore = priceBookStore,
  now = new Date(),
): Promise<KeptPriceBook[]> {
  const books = await apiRequest('/pricebooks', { schema: z.array(zPriceBook) });
  const before = (await store.all()).filter((b) => b.companyId === companyId);
  const keptVersions = new Map(
    before.flatMap((b) => b.versions).map((v) => [v.versionId, v] as const),
  );
  const byParty = new Map<number, KeptVersion[]>();
  for (const book of books) {
    if (book.partyId === null || book.versionCount === 0) continue;
    const versions = await apiRequest(`/pricebooks/${book.id}/versions`, {
      schema: z.array(zPriceBookVersion),
    });
    for (const version of versions) {
      if (version.status === 'past') continue;
      const items = keptVersions.get(version.id)?.items ?? (await allItems(version.id));
      const list = byParty.get(book.partyId) ?? [];
      list.push({
        priceBookId: book.id,
        direction: book.direction,
        versionId: version.id,
        versionNumber: version.versionNumber,
        effectiveFrom: version.effectiveFrom,
        effectiveTo: version.effectiveTo,
        current: version.status === 'current',
        items,
      });
      byParty.set(book.partyId, list);
    }
  }
  const fetchedAt = now.toISOString();
  const kept: KeptPriceBook[] = [];
  for (const [partyId, versions] of byParty) {
    const book = { key: keptBookKey(companyId, partyId), companyId, partyId, fetchedAt, versions };
    await store.put(book);
    kept.push(book);
  }
  for (const old of before) if (!byParty.has(old.partyId)) await store.delete(old.key);
  return kept;
}

/**
 * For each book, the kept version to price a ticket of that day with: the one in force that day
 * (`versionInForce`, as the server picks it), else the one that was current when fetched.
 */
export function versionsForDay(kept: KeptPriceBook, day: string): KeptVersion[] {
  const byBook = new Map<number, KeptVersion[]>();
  for (const v of kept.versions) {
    byBook.set(v.priceBookId, [...(byBook.get(v.priceBookId) ?? []), v]);
  }
  const chosen: KeptVersion[] = [];
  for (const versions of byBook.values()) {
    const inForce = versionInForce(
      versions.map((v) => ({ ...v, id: v.versionId })),
      day,
    );
    const version =
      versions.find((v) => v.versionId === inForce?.id) ?? versions.find((v) => v.current) ?? null;
    if (version) chosen.push(version);
  }
  // The operator's contract prices first, then the vendor's own book (the server's order).
  return chosen.sort((a, b) =>
    a.direction === b.direction ? 0 : a.direction === 'received' ? -1 : 1,
  );
}

/**
 * The offline type-ahead: items of the day's versions that apply that day, whose code or
 * description contains the query (any case); codes starting with it first; at most `limit`.
 */
export function searchKeptPriceBook(
  kept: KeptPriceBook,
  query: string,
  day: string,
  limit = 10,
): PriceBookSuggestion[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const starts: PriceBookSuggestion[] = [];
  const contains: PriceBookSuggestion[] = [];
  for (const version of versionsForDay(kept, day)) {
    for (const item of version.items) {
      if (!itemAppliesOn(item, day)) continue;
      const code = item.itemCode.toLowerCase();
      if (!code.includes(q) && !item.description.toLowerCase().includes(q)) continue;
      const suggestion: PriceBookSuggestion = {
        ...item,
        priceBookId: version.priceBookId,
        versionId: version.versionId,
        versionNumber: version.versionNumber,
        direction: version.direction,
      };
      (code.startsWith(q) ? starts : contains).push(suggestion);
    }
  }
  return [...starts, ...contains].slice(0, limit);
}

/** What the form says while it prices from the kept book. */
export function keptPriceBookNotice(kept: KeptPriceBook, day: string): string {
  const dates = [...new Set(versionsForDay(kept, day).map((v) => v.effectiveFrom))].sort();
  return `Prices from the price book of ${dates.join(' and ')}; will be checked when sent.`;
}

const keptKeys = {
  refresh: (companyId: number) => ['price-books', 'kept', 'refresh', companyId] as const,
  book: (companyId: number, partyId: number | null) =>
    ['price-books', 'kept', 'book', companyId, partyId] as const,
};

/**
 * While online, keeps the company's price books on the phone (at most every 10 minutes; the
 * field tickets list and the ticket form call it, so a crew that opened the app at the yard has
 * them at the wellsite).
 */
export function useKeepPriceBooks(companyId: number, online: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keptKeys.refresh(companyId),
    queryFn: async () => {
      const kept = await refreshKeptPriceBooks(companyId);
      await queryClient.invalidateQueries({ queryKey: ['price-books', 'kept', 'book', companyId] });
      return kept.length;
    },
    enabled: online,
    staleTime: 10 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

/** The kept book of a connection, or null. */
export function useKeptPriceBook(companyId: number, partyId: number | null) {
  return useQuery({
    queryKey: keptKeys.book(companyId, partyId),
    queryFn: async () => {
      const all = await priceBookStore.all();
      return all.find((b) => b.key === keptBookKey(companyId, partyId ?? 0)) ?? null;
    },
    enabled: partyId !== null,
    networkMode: 'always',
    meta: { silent: true },
  });
}
