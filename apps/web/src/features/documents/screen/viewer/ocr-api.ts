import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { zOcrBlock, zOcrPage, type OcrBlock } from '@flowline/shared';
import { apiRequest } from '../../../../lib/api-client';

/**
 * The words read from a page (GET /DocumentOcr/{documentId}/page/{page}, spec 2 §7.4). Outside
 * the 'documents' root: saving metadata must not fetch every page's words again; the reading's
 * progress invalidates them explicitly (`ocrKeys.document`).
 */
export const ocrKeys = {
  all: ['document-ocr'] as const,
  document: (documentId: number) => [...ocrKeys.all, documentId] as const,
  page: (documentId: number, page: number) => [...ocrKeys.document(documentId), page] as const,
};

export interface OcrWords {
  width: number;
  height: number;
  blocks: OcrBlock[];
}

const zBlocks = z.array(zOcrBlock);

/** ocrJson is a JSON string (the spec's shape); a page not read yet is a 404 → no words. */
export function parseOcrJson(json: string): OcrBlock[] {
  try {
    const parsed = zBlocks.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.filter((b) => b.Text.trim() !== '') : [];
  } catch {
    return [];
  }
}

export const ocrPageQueryOptions = (documentId: number, page: number) =>
  queryOptions({
    queryKey: ocrKeys.page(documentId, page),
    queryFn: async (): Promise<OcrWords> => {
      const result = await apiRequest(`/DocumentOcr/${documentId}/page/${page}`, {
        schema: zOcrPage,
      });
      return { width: result.width, height: result.height, blocks: parseOcrJson(result.ocrJson) };
    },
    // Not read yet (404) or no reading at all: the page simply has no words to click.
    meta: { silent: true },
    retry: false,
    staleTime: Infinity,
  });

export function useOcrPage(documentId: number | null, page: number, enabled: boolean) {
  return useQuery({
    ...ocrPageQueryOptions(documentId ?? 0, page),
    enabled: enabled && documentId !== null,
  });
}
