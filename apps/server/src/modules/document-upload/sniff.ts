/**
 * Recognises the accepted document formats (PDF, PNG, JPEG, TIFF) from their first bytes, never
 * from the name or the browser's Content-Type (both are whatever the client says). Attachments
 * may also be office files (sniffUpload): xlsx/docx by their zip entries, xls/doc by the OLE2
 * signature (the name's extension tells which), csv by its name and sane text.
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

export type OfficeContentType =
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.ms-excel'
  | 'application/msword'
  | 'text/csv';

export interface SniffedOfficeType {
  contentType: OfficeContentType;
  extension: 'xlsx' | 'docx' | 'xls' | 'doc' | 'csv';
}

export type SniffedUploadType = SniffedDocumentType | SniffedOfficeType;

/** Types a document (not an attachment) may have. */
export const DOCUMENT_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/tiff',
]);

/** An upload's head: enough for the first zip entries of an xlsx/docx and a csv's text. */
export const UPLOAD_SNIFF_BYTES = 256 * 1024;

export const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
export const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const extensionOf = (fileName: string) => fileName.toLowerCase().split('.').pop() ?? '';

/**
 * A document type by its first bytes, else an office type (attachments only; the caller refuses
 * it for a document). `fileName` only chooses between formats that share a container (OLE2) and
 * names csv, which has no signature.
 */
export function sniffUpload(head: Buffer, fileName: string): SniffedUploadType | null {
  const document = sniffDocument(head);
  if (document) return document;
  const extension = extensionOf(fileName);
  if (startsWith(head, ZIP_LOCAL_HEADER)) {
    const entries = zipEntryNames(head);
    if (entries.some((n) => n.startsWith('xl/'))) {
      return {
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        extension: 'xlsx',
      };
    }
    if (entries.some((n) => n.startsWith('word/'))) {
      return {
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        extension: 'docx',
      };
    }
    return null;
  }
  if (startsWith(head, OLE2)) {
    if (extension === 'xls') return { contentType: 'application/vnd.ms-excel', extension: 'xls' };
    if (extension === 'doc') return { contentType: 'application/msword', extension: 'doc' };
    return null;
  }
  if (extension === 'csv' && isSaneText(head)) return { contentType: 'text/csv', extension: 'csv' };
  return null;
}

/**
 * Entry names from the zip local file headers in `head` (signature, name length at +26, extra
 * length at +28, name at +30). Excel and Word write their xl/ and word/ parts among the first.
 */
function zipEntryNames(head: Buffer): string[] {
  const names: string[] = [];
  let at = head.indexOf(ZIP_LOCAL_HEADER);
  while (at !== -1 && at + 30 <= head.length && names.length < 64) {
    const nameLength = head.readUInt16LE(at + 26);
    names.push(head.subarray(at + 30, at + 30 + nameLength).toString('latin1'));
    at = head.indexOf(ZIP_LOCAL_HEADER, at + 4);
  }
  return names;
}

/**
 * Text a spreadsheet program would open as csv: UTF-8 (a sequence cut at the end of the sample is
 * fine), no NUL and no control characters other than tab, line feed, carriage return, form feed.
 */
export function isSaneText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}
