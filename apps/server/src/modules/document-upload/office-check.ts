import { AppError } from '../../errors';
import type { ContentSample } from '../../http/content-check';
import { isSaneText, OLE2 } from './sniff';

/**
 * The office attachments are not parsed (no office library on the server); their containers are
 * checked the way the PDF trailer is: a zip must end with its central directory, an OLE2 file
 * must have a sane header, a csv must stay text to its end.
 */
export const officeMessages = {
  unreadable: 'This file could not be read; it may be damaged. Save it again and upload it again.',
} as const;

const refuse = () => new AppError(415, 'file_unreadable', officeMessages.unreadable);

/** End of central directory record: the last thing in every zip. */
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

export function checkOfficeFile(contentType: string, sample: ContentSample): void {
  const head = sample.whole ?? sample.head;
  const tail = sample.whole ?? sample.tail;
  switch (contentType) {
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      // The record is 22 bytes plus a comment of at most 64 KB.
      if (tail.subarray(-(22 + 0xffff)).lastIndexOf(ZIP_END) === -1) throw refuse();
      return;
    case 'application/vnd.ms-excel':
    case 'application/msword': {
      // Header: signature, byte order 0xFFFE at 28, sector shift 9 (512 B) or 12 (4 KB) at 30.
      if (head.length < 512 || !head.subarray(0, 8).equals(OLE2)) throw refuse();
      const shift = head.readUInt16LE(30);
      if (head.readUInt16LE(28) !== 0xfffe || (shift !== 9 && shift !== 12)) throw refuse();
      return;
    }
    case 'text/csv':
      if (!isSaneText(head) || !isSaneText(trimToCharacter(tail))) throw refuse();
      return;
    default:
      throw refuse();
  }
}

/** Drops UTF-8 continuation bytes at the start of a tail sample (cut mid-character). */
function trimToCharacter(tail: Buffer): Buffer {
  let start = 0;
  while (start < tail.length && start < 3 && (tail[start]! & 0xc0) === 0x80) start += 1;
  return tail.subarray(start);
}
