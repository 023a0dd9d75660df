import { inflateRawSync } from 'node:zlib';
import { PRICE_BOOK_LIMITS, priceBookMessages } from '@flowline/shared';
import { badRequest } from '../../errors';

/**
 * Refuses a zip (an XLSX) that would expand too much before any spreadsheet library opens it:
 * every part is inflated here with a hard output cap — the sizes a zip declares can lie — so a
 * part over 100× its compressed size (past the first 100 KB), or parts over 50 MB together, are
 * refused with 400 `zip_bomb`. ZIP64 and unknown compression are refused as unreadable.
 */
const SMALL_PART_BYTES = 100 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

const unreadable = () => badRequest(priceBookMessages.unreadable, 'file_unreadable');
const bomb = () => badRequest(priceBookMessages.zipBomb, 'zip_bomb');

function endOfCentralDirectory(zip: Buffer): number {
  const floor = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= floor; at--) {
    if (zip.readUInt32LE(at) === EOCD) return at;
  }
  throw unreadable();
}

export function assertNotZipBomb(zip: Buffer, limits = PRICE_BOOK_LIMITS): void {
  if (zip.length < 22) throw unreadable();
  const end = endOfCentralDirectory(zip);
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) throw unreadable();
  if (entries > limits.maxZipEntries) throw bomb();
  let budget = limits.maxUnzippedBytes;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (compressed === 0xffffffff || local === 0xffffffff) throw unreadable();
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw unreadable();
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (dataStart + compressed > zip.length) throw unreadable();
    const cap = Math.min(budget, Math.max(SMALL_PART_BYTES, compressed * limits.maxZipRatio));
    let size: number;
    if (method === 0) size = compressed;
    else if (method === 8) {
      try {
        size = inflateRawSync(zip.subarray(dataStart, dataStart + compressed), {
          maxOutputLength: cap + 1,
        }).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw bomb();
        throw unreadable();
      }
    } else throw unreadable();
    if (size > cap) throw bomb();
    budget -= size;
    at += 46 + nameLength + extraLength + commentLength;
  }
}
