import { useQuery } from '@tanstack/react-query';
import { zDocumentTypeSuggestion, type DocumentTypeSuggestion } from '@flowline/shared';
import { apiRequest } from '../../lib/api-client';
import { useFeatureFlags } from '../feature-flags/api';
import { documentTypeKeys } from './api';

/** POST /documentType/detect (multipart `file`): the type the file looks like, and how sure. */
export function detectDocumentType(file: File, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/documentType/detect', {
    method: 'POST',
    body: form,
    schema: zDocumentTypeSuggestion,
    signal,
  });
}

const fileKey = (file: File) => [file.name, file.size, file.lastModified] as const;

/**
 * The suggested type of a chosen file, behind the flag ai-doctype-detection-and-extraction.
 * A suggestion is only a hint: a failure (or a server without detection, 404/501) shows nothing.
 */
export function useDocumentTypeSuggestion(file: File | null): DocumentTypeSuggestion | null {
  const { aiDocTypeDetectionAndExtractionFlag: enabled } = useFeatureFlags();
  const query = useQuery({
    queryKey: [...documentTypeKeys.all, 'detect', ...(file ? fileKey(file) : [])],
    queryFn: ({ signal }) => detectDocumentType(file!, signal),
    enabled: enabled && file !== null,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  return enabled && file ? (query.data ?? null) : null;
}

/** 'Looks like: AR Invoice (87 %)'. */
export function suggestionText(name: string, confidence: number): string {
  return `Looks like: ${name} (${Math.round(confidence * 100)} %)`;
}
