import type { FinderPage } from '@flowline/shared';
import type { Db } from '../../db/client';
import { readBlobWithin } from '../../platform/blob-store/read-limited';
import type { BlobStore } from '../../platform/blob-store/index';
import { openPdf, pdfTextWords } from '../document-intelligence/reading/pdf';
import { findReadPages } from './signature-field-repository';

/**
 * The words the signature-field finder looks at (docs/signing.md 'Signature fields'): the
 * document's last pages — where a signature block is — as the reading job stored them (text
 * layer or OCR), else read now from the PDF's text layer (no OCR: a send does not wait for it).
 * Bounded: at most SCAN_PAGES pages and SCAN_MAX_BYTES of file.
 */
export const SCAN_PAGES = 5;
const SCAN_MAX_BYTES = 50 * 1024 * 1024;

export interface FieldDocument {
  id: number;
  fileKey: string;
  contentType: string;
  pageCount: number | null;
}

export class DocumentTooLargeToScan extends Error {}

export async function pagesToScan(
  db: Db,
  blobStore: BlobStore,
  doc: FieldDocument,
): Promise<{ pageCount: number | null; pages: FinderPage[] }> {
  const from = Math.max(1, (doc.pageCount ?? 1) - SCAN_PAGES + 1);
  const read = await findReadPages(db, doc.id, from);
  if (read.length > 0) {
    return { pageCount: doc.pageCount, pages: read.slice(-SCAN_PAGES) };
  }
  if (doc.contentType !== 'application/pdf') return { pageCount: doc.pageCount, pages: [] };
  const bytes = await readBlobWithin(
    blobStore,
    doc.fileKey,
    SCAN_MAX_BYTES,
    () => new DocumentTooLargeToScan('too large to look for a signature field'),
  );
  // pdf.js may take ownership of the array it is given: hand it a copy.
  const pdf = await openPdf(new Uint8Array(bytes));
  try {
    const pages: FinderPage[] = [];
    for (let n = Math.max(1, pdf.numPages - SCAN_PAGES + 1); n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      pages.push({ page: n, width, height, words: await pdfTextWords(page) });
      page.cleanup();
    }
    return { pageCount: pdf.numPages, pages };
  } finally {
    await pdf.destroy();
  }
}

/** The document's number of pages: as stored at upload, else counted (1 for an image). */
export async function pageCountOf(blobStore: BlobStore, doc: FieldDocument): Promise<number> {
  if (doc.pageCount !== null) return doc.pageCount;
  if (doc.contentType !== 'application/pdf') return 1;
  const bytes = await readBlobWithin(
    blobStore,
    doc.fileKey,
    SCAN_MAX_BYTES,
    () => new DocumentTooLargeToScan('too large to count its pages'),
  );
  const pdf = await openPdf(new Uint8Array(bytes));
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}
