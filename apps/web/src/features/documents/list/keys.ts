import type { z } from 'zod';
import type { zDocumentListQuery } from '@flowline/shared';

/**
 * What a list sends (the parsed form of zDocumentListQuery: every paging field set), with the
 * columns and filters as their query text (comma list, JSON).
 */
export type DocumentListQuery = Omit<z.output<typeof zDocumentListQuery>, 'columns' | 'filters'> & {
  columns?: string;
  filters?: string;
};

/**
 * Every document list, inbox and search result sits under this key: an upload invalidates it. A
 * module of its own: the shell's badge counts use it without the lists' calls and bulk schemas.
 */
export const documentListKeys = {
  all: ['documents', 'lists'] as const,
  byType: (documentTypeId: number, query: DocumentListQuery) =>
    [...documentListKeys.all, 'type', documentTypeId, query] as const,
};
