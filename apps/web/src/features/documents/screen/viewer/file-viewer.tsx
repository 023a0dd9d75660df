import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useFileBlob } from '../api';
import { ImageView } from './image-view';
import { PdfPages } from './pdf-pages';
import type { ViewerSource } from './viewer-source';
import type { SignatureCapture } from '../signing/capture-layer';

export interface FileViewerProps {
  source: ViewerSource;
  onTextSelected?: ((text: string) => boolean) | undefined;
  /** Signature-capture mode (PDFs; a division order is always shown as a PDF). */
  capture?: SignatureCapture | null | undefined;
  /** The document whose OCR words are laid over scanned pages (not for attachments). */
  ocrDocumentId?: number | undefined;
}

/**
 * Fetches the file with the API client's auth headers (never a bare URL) and shows it: PDFs (and
 * TIFFs through their PDF rendition) with pdf.js, PNG/JPEG as an image. Loaded lazily, so pdf.js
 * stays out of the main chunk.
 */
export default function FileViewer({
  source,
  onTextSelected,
  capture,
  ocrDocumentId,
}: FileViewerProps) {
  const fetched = useFileBlob(source.file ? null : source.path);
  const file = source.file
    ? { isPending: false as const, isError: false as const, data: source.file }
    : fetched;
  if (file.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 200 }}>
        <CircularProgress aria-label="Loading file" />
      </Box>
    );
  }
  if (file.isError) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        The file could not be loaded.
      </Alert>
    );
  }
  return source.kind === 'image' ? (
    <ImageView
      file={file.data}
      title={source.title}
      capture={capture}
      onTextSelected={onTextSelected}
      ocrDocumentId={ocrDocumentId}
    />
  ) : (
    <PdfPages
      file={file.data}
      title={source.title}
      onTextSelected={onTextSelected}
      capture={capture}
      ocrDocumentId={ocrDocumentId}
    />
  );
}
