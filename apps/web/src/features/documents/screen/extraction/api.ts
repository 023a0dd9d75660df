import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { zDocument, type DocumentExtraction, type ExtractionStatus } from '@flowline/shared';
import { apiRequest } from '../../../../lib/api-client';
import { documentScreenKeys } from '../api';
import { ocrKeys } from '../viewer/ocr-api';

/** While a document is being read, its status is asked for this often (when no event came). */
export const READING_POLL_MS = 3000;

export const isReading = (status: ExtractionStatus | undefined) =>
  status === 'pending' || status === 'running';

/**
 * The reading moved on (an event, or the poll saw it): the document (new values, the
 * auto-extracted marks, the proposed line items under its key) and the pages' words are fetched
 * again.
 */
export function refreshAfterReading(queryClient: QueryClient, documentId: number) {
  void queryClient.invalidateQueries({ queryKey: documentScreenKeys.document(documentId) });
  void queryClient.invalidateQueries({ queryKey: ocrKeys.document(documentId) });
}

/**
 * The fallback when no real-time event arrives (socket down, another instance): while the
 * document is being read, its reading state is polled with the light form of GET /documents/{id}
 * — no metadata, no 'viewed' mark, no history — and the full refresh runs only when it changed.
 */
export function useReadingPoll(documentId: number, extraction: DocumentExtraction | null) {
  const queryClient = useQueryClient();
  const reading = isReading(extraction?.status);
  const poll = useQuery({
    queryKey: [...documentScreenKeys.document(documentId), 'extraction-poll'],
    queryFn: async () =>
      (
        await apiRequest(`/documents/${documentId}`, {
          schema: zDocument,
          query: { includeMetadata: false, includeRelatedDocuments: false },
        })
      ).extraction,
    enabled: reading,
    refetchInterval: reading ? READING_POLL_MS : false,
    refetchIntervalInBackground: false,
    meta: { silent: true },
    retry: false,
  });
  const seen = poll.data;
  useEffect(() => {
    if (!reading || seen === undefined) return;
    if (seen?.status !== extraction?.status || seen?.pagesRead !== extraction?.pagesRead) {
      refreshAfterReading(queryClient, documentId);
    }
  }, [seen, reading, extraction?.status, extraction?.pagesRead, documentId, queryClient]);
}
