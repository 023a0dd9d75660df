/**
 * Recognises the accepted document formats (PDF, PNG, JPEG, TIFF) from their first bytes, never
 * from the name or the browser's Content-Type (both are whatever the client says).
 */
export interface SniffedDocumentType {
  contentType: 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff';
  extension: 'pdf' | 'png' | 'jpg' | 'tif';
}

/** Enough for every signature below (a PDF header may follow up to 1 KB of junk). */
export const DOCUMENT_SNIFF_BYTES = 1024;

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const TIFF_LE = Buffer.from([0x49, 0x49, 0x2a, 0x00]); // II*\0
const TIFF_BE = Buffer.from([0x4d, 0x4d, 0x00, 0x2a]); // MM\0*

export function sniffDocument(head: Buffer): SniffedDocumentType | null {
  if (head.subarray(0, DOCUMENT_SNIFF_BYTES).indexOf(PDF) !== -1) {
    return { contentType: 'application/pdf', extension: 'pdf' };
  }
  if (startsWith(head, PNG)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(head, JPEG)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)) {
    return { contentType: 'image/tiff', extension: 'tif' };
  }
  return null;
}

function startsWith(buf: Buffer, prefix: Buffer): boolean {
  return buf.length >= prefix.length && buf.subarray(0, prefix.length).equals(prefix);
}
