import type { OcrBlock, OcrPage } from '@flowline/shared';
import type { TenantContext } from '../../auth/request-context';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { requireVisibleDocument } from '../documents/access';
import * as repo from './repository';

export const ocrPageMessages = {
  notReadYet: 'The document is still being read; its pages are available when reading is done.',
  notRead: 'This document has no text that could be read.',
  pageNotFound: (page: number, count: number) =>
    `The document has no page ${page}; it has ${count} page${count === 1 ? '' : 's'}.`,
} as const;

/**
 * GET /DocumentOcr/{documentId}/page/{page} (spec 2 §7.4): the words read from one page, as the
 * spec's OcrBlock list. Visible documents only (another company's is a 404 like a missing one).
 * A document still being read answers 404 `not_read_yet` (the client retries after the
 * 'documentExtraction' event); one that could not be read, or has no such page, a plain 404.
 */
export async function getOcrPage(
  db: Db,
  ctx: TenantContext,
  documentId: number,
  page: number,
): Promise<OcrPage> {
  await requireVisibleDocument(db, ctx.companyId, documentId);
  const stored = await repo.findPage(db, documentId, page);
  if (stored) {
    const blocks: OcrBlock[] = stored.words.map((w) => ({
      Text: w.text,
      Coordinates: { X: w.x, Y: w.y, Width: w.width, Height: w.height },
      Confidence: w.confidence,
    }));
    return {
      documentPage: stored.pageNumber,
      width: stored.width,
      height: stored.height,
      ocrJson: JSON.stringify(blocks),
      source: stored.source,
    };
  }
  const extraction = await repo.findExtraction(db, documentId);
  if (extraction?.status === 'pending' || extraction?.status === 'running') {
    throw notFound(ocrPageMessages.notReadYet, 'not_read_yet');
  }
  if (extraction?.status === 'done' && extraction.pageCount !== null) {
    throw notFound(ocrPageMessages.pageNotFound(page, extraction.pageCount), 'page_not_found');
  }
  throw notFound(ocrPageMessages.notRead, 'not_read');
}
