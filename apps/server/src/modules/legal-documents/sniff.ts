/**
 * Recognises the accepted legal-document formats from their first bytes, never from the name or
 * the browser's Content-Type (both are whatever the client says).
 */
export interface SniffedType {
  contentType: string;
  extension: 'pdf' | 'png' | 'doc' | 'docx';
}

/** How much of the start of a file is kept for sniffing (a .docx needs its first zip entries). */
export const SNIFF_BYTES = 256 * 1024;

const PDF = Buffer.from('%PDF-', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// OLE2 compound file: Word 97–2003 .doc (Excel/PowerPoint share it; the spec asks for doc only,
// and telling them apart means parsing the directory — not worth it for an admin upload).
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function sniffLegalDocument(head: Buffer): SniffedType | null {
  // Some PDF writers put a few bytes of junk before the header; readers accept it in the first KB.
  const pdfAt = head.subarray(0, 1024).indexOf(PDF);
  if (pdfAt !== -1) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(head, PNG)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(head, OLE2)) return { contentType: 'application/msword', extension: 'doc' };
  if (startsWith(head, ZIP_LOCAL_HEADER) && zipHasWordEntry(head)) {
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      extension: 'docx',
    };
  }
  return null;
}

function startsWith(buf: Buffer, prefix: Buffer): boolean {
  return buf.length >= prefix.length && buf.subarray(0, prefix.length).equals(prefix);
}

/**
 * A .docx is a zip whose entries include `word/…`. Entry names are read from the local file
 * headers found in the sniffed head (each header: signature, 22 bytes, name length at +26, extra
 * length at +28, name at +30). Word and LibreOffice write the word/ entries among the first few.
 */
function zipHasWordEntry(head: Buffer): boolean {
  let at = head.indexOf(ZIP_LOCAL_HEADER);
  while (at !== -1 && at + 30 <= head.length) {
    const nameLength = head.readUInt16LE(at + 26);
    const name = head.subarray(at + 30, at + 30 + nameLength).toString('latin1');
    if (name.startsWith('word/')) return true;
    at = head.indexOf(ZIP_LOCAL_HEADER, at + 4);
  }
  return false;
}
