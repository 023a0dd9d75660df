import { DOCUMENT_UPLOAD_MAX_BYTES, documentMessages } from '@flowline/shared';

/** What the drop zone offers (spec 1 §9: PDF, PNG, JPEG, TIFF); the server checks the content. */
export const SEND_FILE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

const types = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/tiff']);
const extensions = /\.(pdf|png|jpe?g|tiff?)$/i;

export const ONE_FILE_ONLY = 'Only one file can be sent at a time.';

/** One file of an accepted type up to 500 MB (spec 3 §9), or the message saying what is wrong. */
export function checkSendFiles(files: readonly File[]): { file: File } | { error: string } {
  const [file] = files;
  if (!file) return { error: documentMessages.fileRequired };
  if (files.length > 1) return { error: ONE_FILE_ONLY };
  if (!types.has(file.type) && !extensions.test(file.name)) {
    return { error: documentMessages.wrongType };
  }
  if (file.size > DOCUMENT_UPLOAD_MAX_BYTES) return { error: documentMessages.tooLarge };
  return { file };
}

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
