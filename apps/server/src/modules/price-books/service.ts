import type { z } from 'zod';
import {
  priceBookMessages as msg,
  versionInForce,
  versionStatus,
  type PriceBook,
  type PriceBookImportResult,
  type PriceBookItem,
  type PriceBookRowError,
  type PriceBookSuggestion,
  type PriceBookVersion,
  type zPriceBookImportOptions,
  type zPriceBookItemsQuery,
  type zPriceBookTypeaheadQuery,
} from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import { assertCanChangeData } from '../../auth/policy';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { findCompanyParty } from '../documents/repository';
import * as repo from './repository';
import { sheetOf } from './upload-reader';
import { itemsOfSheet } from './sheet-rows';

/** Price books (issue 32 item 1; docs/price-books.md). */

type ImportOptions = z.output<typeof zPriceBookImportOptions>;

/** Today as a calendar day (UTC): which version is current. */
export const today = () => new Date().toISOString().slice(0, 10);

function presentVersion(
  row: repo.VersionRow,
  all: repo.VersionRow[],
  day: string,
): PriceBookVersion {
  return {
    id: row.id,
    priceBookId: row.priceBookId,
    versionNumber: row.versionNumber,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    status: versionStatus(all, row, day),
    itemCount: row.itemCount,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentItem(row: repo.ItemRow): PriceBookItem {
  return {
    id: row.id,
    lineNumber: row.lineNumber,
    itemCode: row.itemCode,
    description: row.description,
    uom: row.uom,
    unitPrice: row.unitPrice,
    tiers: row.tiers,
    effectiveFrom: row.effectiveFrom,
    effectiveTo: row.effectiveTo,
    contractNumber: row.contractNumber,
  };
}

export async function listPriceBooks(db: Db, ctx: TenantContext): Promise<PriceBook[]> {
  const books = await repo.listBooks(db, ctx.companyId);
  const versions = await repo.versionsOf(
    db,
    books.map((b) => b.book.id),
  );
  const publishers = books
    .filter((b) => b.book.companyId !== ctx.companyId)
    .map((b) => b.book.companyId);
  const mine = await repo.connectionsTo(db, ctx.companyId, [...new Set(publishers)]);
  const day = today();
  return books.map(({ book, publisherName, partyName }) => {
    const own = versions.filter((v) => v.priceBookId === book.id);
    const current = versionInForce(own, day);
    const published = book.companyId === ctx.companyId;
    const myParty = published
      ? { id: book.partyId, name: partyName ?? '' }
      : mine.find((p) => p.connectedCompanyId === book.companyId);
    return {
      id: book.id,
      direction: published ? 'published' : 'received',
      partyId: myParty?.id ?? null,
      counterpartyName: published ? (partyName ?? '') : (myParty?.name ?? publisherName),
      currentVersion: current ? presentVersion(current, own, day) : null,
      versionCount: own.length,
    };
  });
}

async function visibleBook(db: Db, ctx: TenantContext, bookId: number) {
  const book = await repo.findBook(db, ctx.companyId, bookId);
  if (!book) throw notFound(msg.bookNotFound, 'price_book_not_found');
  return book;
}

export async function listVersions(db: Db, ctx: TenantContext, bookId: number) {
  await visibleBook(db, ctx, bookId);
  const versions = await repo.versionsOf(db, [bookId]);
  const day = today();
  return versions.map((v) => presentVersion(v, versions, day));
}

export async function visibleVersion(db: Db, ctx: TenantContext, versionId: number) {
  const version = await repo.findVersion(db, ctx.companyId, versionId);
  if (!version) throw notFound(msg.versionNotFound, 'price_book_version_not_found');
  return version;
}

export async function listItems(
  db: Db,
  ctx: TenantContext,
  versionId: number,
  query: z.output<typeof zPriceBookItemsQuery>,
) {
  await visibleVersion(db, ctx, versionId);
  const page = await repo.itemPage(db, versionId, query);
  return { items: page.items.map(presentItem), totalRecords: page.totalRecords };
}

export async function versionItems(db: Db, ctx: TenantContext, versionId: number) {
  const version = await visibleVersion(db, ctx, versionId);
  return { version, items: (await repo.allItems(db, versionId)).map(presentItem) };
}

export type ImportOutcome =
  { ok: true; result: PriceBookImportResult } | { ok: false; rows: PriceBookRowError[] };

/**
 * Publishes a new version from a file: every bad row is reported; nothing is written when a row is
 * bad unless the caller chose to import the valid rows. Book, version and items in one transaction.
 */
export async function importPriceBook(
  db: Db,
  ctx: TenantContext,
  options: ImportOptions,
  file: { fileName: string; bytes: Buffer },
): Promise<ImportOutcome> {
  assertCanChangeData(ctx);
  const party = await findCompanyParty(db, ctx.companyId, options.partyId);
  if (!party) throw notFound(msg.connectionNotFound, 'party_not_found');
  if (party.connectedCompanyId === null || party.isDisconnected) {
    throw conflict(msg.connectionNotConnected, 'party_not_connected');
  }
  const counterpartyCompanyId = party.connectedCompanyId;
  const sheet = sheetOf(file.fileName, file.bytes);
  const { items, errors } = itemsOfSheet(await sheet.rows());
  if (errors.length > 0 && (!options.importValidRows || items.length === 0)) {
    return { ok: false, rows: errors };
  }
  const { book, version } = await db.transaction(async (tx) => {
    const book = await repo.upsertBook(tx, {
      companyId: ctx.companyId,
      partyId: party.id,
      counterpartyCompanyId,
    });
    const version = await repo.insertVersion(tx, {
      priceBookId: book.id,
      companyId: ctx.companyId,
      counterpartyCompanyId,
      versionNumber: await repo.nextVersionNumber(tx, book.id),
      effectiveFrom: options.effectiveFrom,
      effectiveTo: options.effectiveTo,
      itemCount: items.length,
      fileName: sheet.fileName,
      createdBy: ctx.userId,
    });
    await repo.insertItems(tx, version, items);
    return { book, version };
  });
  const priceBook = (await listPriceBooks(db, ctx)).find((b) => b.id === book.id)!;
  const versions = await repo.versionsOf(db, [book.id]);
  return {
    ok: true,
    result: {
      priceBook,
      version: presentVersion(version, versions, today()),
      imported: items.length,
      skipped: errors,
    },
  };
}

/**
 * Items for a line typed for a connection: the books between the two companies (either side's),
 * each at the version in force on the day, by code or description.
 */
export async function typeahead(
  db: Db,
  ctx: TenantContext,
  q: z.output<typeof zPriceBookTypeaheadQuery>,
): Promise<PriceBookSuggestion[]> {
  const party = await findCompanyParty(db, ctx.companyId, q.partyId);
  if (!party) throw notFound(msg.connectionNotFound, 'party_not_found');
  if (party.connectedCompanyId === null) return [];
  const books = await repo.booksBetween(db, ctx.companyId, party.connectedCompanyId);
  const versions = await repo.versionsOf(
    db,
    books.map((b) => b.id),
  );
  const day = q.date ?? today();
  const inForce = books
    .map((b) =>
      versionInForce(
        versions.filter((v) => v.priceBookId === b.id),
        day,
      ),
    )
    .filter((v): v is repo.VersionRow => v !== null);
  const rows = await repo.searchItems(
    db,
    inForce.map((v) => v.id),
    q.query,
    day,
    q.limit,
  );
  return rows.map((row) => {
    const version = inForce.find((v) => v.id === row.versionId)!;
    return {
      ...presentItem(row),
      priceBookId: version.priceBookId,
      versionId: version.id,
      versionNumber: version.versionNumber,
      direction: version.companyId === ctx.companyId ? 'published' : 'received',
    };
  });
}
