import { legalDocumentMessages as messages } from '@flowline/shared';
import { isApiError } from '../../lib/api-error';

export interface UploadFailure {
  severity: 'error' | 'warning';
  message: string;
  /** 501: the file was stored, so the form has nothing left to do. */
  backToList: boolean;
}

/**
 * The spec's answers to a failed upload (spec 3 §8): 500 shows the server's message, 501 warns that
 * extraction failed, anything else is the generic message (replace has its own). A file refused for
 * its size or type (413/415) shows why, since the user can fix that by choosing another file.
 */
export function uploadFailure(error: unknown, replacing: boolean): UploadFailure {
  if (isApiError(error, 501)) {
    return { severity: 'warning', message: messages.extractFailed, backToList: true };
  }
  if (isApiError(error, 500) || isApiError(error, 413) || isApiError(error, 415)) {
    return { severity: 'error', message: error.message, backToList: false };
  }
  return {
    severity: 'error',
    message: replacing ? messages.replaceFailed : messages.uploadFailed,
    backToList: false,
  };
}
