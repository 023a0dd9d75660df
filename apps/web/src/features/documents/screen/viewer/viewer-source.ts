import { attachmentPreviewPath, documentFilePath, documentPdfPath } from '../api';

/** What the viewer shows: a file path of the API and how to render it. */
export interface ViewerSource {
  path: string;
  kind: 'pdf' | 'image';
  title: string;
  /** A file on the user's computer (a chosen replacement): shown as it is, nothing fetched. */
  file?: Blob;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg']);

/** PDFs as they are, PNG/JPEG as images, anything else (TIFF) through its PDF rendition. */
export function documentViewerSource(doc: {
  id: number;
  contentType: string;
  fileName: string;
}): ViewerSource {
  const type = doc.contentType.toLowerCase();
  if (type === 'application/pdf') {
    return { path: documentFilePath(doc.id), kind: 'pdf', title: doc.fileName };
  }
  if (IMAGE_TYPES.has(type)) {
    return { path: documentFilePath(doc.id), kind: 'image', title: doc.fileName };
  }
  return { path: documentPdfPath(doc.id), kind: 'pdf', title: doc.fileName };
}

/** Attachments previewable in the viewer; null for other types (download only). */
export function attachmentViewerSource(attachment: {
  id: number;
  contentType: string;
  fileName: string;
}): ViewerSource | null {
  const type = attachment.contentType.toLowerCase();
  const path = attachmentPreviewPath(attachment.id);
  if (type === 'application/pdf') return { path, kind: 'pdf', title: attachment.fileName };
  if (IMAGE_TYPES.has(type)) return { path, kind: 'image', title: attachment.fileName };
  return null;
}

/**
 * A file the user chose (Replace file, issue 27 item 6), shown before it is sent: PDFs and
 * PNG/JPEG; null for anything the browser cannot show by itself (TIFF).
 */
export function localFileViewerSource(file: File): ViewerSource | null {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  if (type === 'application/pdf' || name.endsWith('.pdf')) {
    return { path: `local:${file.name}`, kind: 'pdf', title: file.name, file };
  }
  if (IMAGE_TYPES.has(type))
    return { path: `local:${file.name}`, kind: 'image', title: file.name, file };
  return null;
}
