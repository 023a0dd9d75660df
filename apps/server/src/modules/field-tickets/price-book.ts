import { and, inArray, sql } from 'drizzle-orm';
import {
  bookUnitPrice,
  findBookItem,
  fromScaled,
  itemCodeKey,
  toScaled,
  type PriceBookVersionToMatch,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import { priceBookItems } from '../../db/schema/index';
import { booksBetween, versionsOf } from '../price-books/repository';

/**
 * The price books between a vendor and an operator, for ticket lines (docs/field-tickets.md
 * 'Prices'): each book at its version in force on the line's day, the operator's contract prices
 * first (the operator pays by its contract), then the vendor's price book.
 */

export interface BookPrice {
  unitPrice: string;
  uom: string;
  versionId: number;
}

export type PriceLookup = (
  itemCode: string,
  uom: string | null,
  day: string,
  quantity: string | null,
) => BookPrice | null;

export const noPriceBook: PriceLookup = () => null;

export async function loadPriceLookup(
  db: Db,
  vendorId: number,
  operatorId: number,
  itemCodes: (string | null)[],
): Promise<PriceLookup> {
  const keys = [...new Set(itemCodes.filter((c): c is string => Boolean(c)).map(itemCodeKey))];
  if (!keys.length) return noPriceBook;
  const books = (await booksBetween(db, vendorId, operatorId)).sort(
    (a, b) => Number(b.companyId === operatorId) - Number(a.companyId === operatorId),
  );
  if (!books.length) return noPriceBook;
  const versions = await versionsOf(
    db,
    books.map((b) => b.id),
  );
  if (!versions.length) return noPriceBook;
  const items = await db
    .select()
    .from(priceBookItems)
    .where(
      and(
        inArray(
          priceBookItems.versionId,
          versions.map((v) => v.id),
        ),
        inArray(sql`upper(btrim(${priceBookItems.itemCode}))`, keys),
      ),
    );
  const byBook: PriceBookVersionToMatch[][] = books.map((book) =>
    versions
      .filter((v) => v.priceBookId === book.id)
      .map((v) => ({
        id: v.id,
        priceBookId: v.priceBookId,
        versionNumber: v.versionNumber,
        effectiveFrom: v.effectiveFrom,
        effectiveTo: v.effectiveTo,
        items: items
          .filter((i) => i.versionId === v.id)
          .map((i) => ({
            itemCode: i.itemCode,
            uom: i.uom,
            unitPrice: i.unitPrice,
            tiers: i.tiers,
            effectiveFrom: i.effectiveFrom,
            effectiveTo: i.effectiveTo,
          })),
      })),
  );
  return (itemCode, uom, day, quantity) => {
    for (const versionsOfBook of byBook) {
      const found = findBookItem(versionsOfBook, itemCode, uom, day);
      if (!found) continue;
      const price = bookUnitPrice(found.item, quantity === null ? null : toScaled(quantity));
      if (price === null) continue;
      return {
        unitPrice:
          found.item.unitPrice === fromScaled(price) ? found.item.unitPrice : fromScaled(price),
        uom: found.item.uom,
        versionId: found.version.id,
      };
    }
    return null;
  };
}
