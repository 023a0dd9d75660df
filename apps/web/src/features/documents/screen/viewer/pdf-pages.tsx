import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { TextContent } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { VIEWER_ZOOM } from '@flowline/shared';
import {
  SignatureCaptureBar,
  SignatureCaptureOverlay,
  defaultSignatureArea,
  type SignatureCapture,
} from '../signing/capture-layer';
import { OcrLayer } from './ocr-layer';
import { pageHighlightSx, useFillSelection } from './use-fill-selection';
import { ViewerToolbar } from './viewer-toolbar';

// The worker is bundled with the app (no CDN): Vite emits it as its own asset.
pdfjs.GlobalWorkerOptions.workerSrc = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();

const GAP = 12;
/** Pages rendered beyond the visible ones, above and below. */
const OVERSCAN = 1;

export interface PdfPagesProps {
  file: Blob;
  title: string;
  /** Text selected on a page (click-to-fill); returns whether a field took it. */
  onTextSelected?: ((text: string) => boolean) | undefined;
  /** Signature-capture mode: a drag on a page places the signature (click-to-fill is off). */
  capture?: SignatureCapture | null | undefined;
  /**
   * The document whose read words (GET /DocumentOcr) are laid over pages without a text layer —
   * scans, and images shown through their PDF rendition — for click-to-fill.
   */
  ocrDocumentId?: number | undefined;
}

/** Whether pdf.js found any text on the page (a scanned page has none). */
const hasText = (content: TextContent) =>
  content.items.some((item) => 'str' in item && item.str.trim() !== '');

interface Size {
  width: number;
  height: number;
}

/**
 * The PDF viewer: page canvases with their text layer, zoom and page navigation. Only the pages in
 * view (plus one either side) are rendered; the others are placeholders sized from the first page,
 * so a long document stays fast.
 */
export function PdfPages({ file, title, onTextSelected, capture, ocrDocumentId }: PdfPagesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [pageCount, setPageCount] = useState(0);
  const [baseSize, setBaseSize] = useState<Size | null>(null);
  const [zoom, setZoom] = useState<number>(VIEWER_ZOOM.start);
  const [scroll, setScroll] = useState({ top: 0, height: 800 });
  const [failed, setFailed] = useState(false);
  const [textless, setTextless] = useState<ReadonlySet<number>>(new Set());
  const fill = useFillSelection(scroller, onTextSelected, Boolean(capture));
  const textRead = (page: number, content: TextContent) => {
    const empty = !hasText(content);
    setTextless((pages) => {
      if (pages.has(page) === empty) return pages;
      const next = new Set(pages);
      if (empty) next.add(page);
      else next.delete(page);
      return next;
    });
  };
  const frame = useRef(0);

  const onLoadSuccess = useCallback(async (pdf: PDFDocumentProxy) => {
    const first = await pdf.getPage(1);
    const viewport = first.getViewport({ scale: 1 });
    setBaseSize({ width: viewport.width, height: viewport.height });
    setPageCount(pdf.numPages);
    setScroll({
      top: scroller.current?.scrollTop ?? 0,
      height: scroller.current?.clientHeight ?? 800,
    });
  }, []);

  const slot = baseSize ? baseSize.height * zoom + GAP : 1;
  const first = Math.max(0, Math.floor(scroll.top / slot) - OVERSCAN);
  const last = Math.min(pageCount - 1, Math.floor((scroll.top + scroll.height) / slot) + OVERSCAN);
  const current = Math.min(pageCount, Math.floor((scroll.top + scroll.height / 3) / slot) + 1);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() =>
      setScroll({ top: target.scrollTop, height: target.clientHeight }),
    );
  };

  const goTo = (page: number) => {
    if (scroller.current) scroller.current.scrollTop = (page - 1) * slot;
  };

  // Capture mode opens on the signature field's page (issue 31 item 1).
  const capturing = Boolean(capture);
  const fieldPage = capture?.field?.page;
  useEffect(() => {
    if (capturing && fieldPage && baseSize && scroller.current) {
      scroller.current.scrollTop = (fieldPage - 1) * (baseSize.height * zoom + GAP);
    }
    // Only when capture starts or the field arrives, not on every zoom.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [capturing, fieldPage, baseSize]);

  const changeZoom = (next: number) => {
    const element = scroller.current;
    const ratio = next / zoom;
    setZoom(next);
    if (element) {
      // Keep the same place of the document in view.
      requestAnimationFrame(() => {
        element.scrollTop = element.scrollTop * ratio;
      });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ViewerToolbar
        zoom={zoom}
        onZoom={changeZoom}
        pages={{ current: Math.max(1, current), count: pageCount, onGoTo: goTo }}
      />
      {capture && (
        <SignatureCaptureBar
          onCancel={capture.onCancel}
          hint={capture.hint}
          onPlaceDefault={
            baseSize
              ? () => capture.onCaptured(Math.max(1, current), defaultSignatureArea(baseSize))
              : undefined
          }
        />
      )}
      <Box
        ref={scroller}
        onScroll={onScroll}
        onMouseUp={fill.onMouseUp}
        tabIndex={0}
        role="region"
        aria-label={`${title} pages`}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.200', p: 1.5 }}
      >
        {failed ? (
          <Alert severity="error">The file could not be shown.</Alert>
        ) : (
          <Document
            file={file}
            suspense={false}
            onLoadSuccess={onLoadSuccess}
            onLoadError={() => setFailed(true)}
            loading={<CircularProgress aria-label="Loading file" sx={{ m: 2 }} />}
            error={<Alert severity="error">The file could not be shown.</Alert>}
          >
            {baseSize &&
              Array.from({ length: pageCount }, (_, index) => (
                <Box
                  key={index}
                  data-viewer-page={index + 1}
                  data-click-filled={fill.highlighted === index + 1 ? '' : undefined}
                  sx={{
                    mx: 'auto',
                    mb: `${GAP}px`,
                    width: baseSize.width * zoom,
                    minHeight: baseSize.height * zoom,
                    position: 'relative',
                    bgcolor: 'common.white',
                    boxShadow: 1,
                    ...pageHighlightSx(fill.highlighted === index + 1),
                  }}
                >
                  {index >= first && index <= last && (
                    <Page
                      pageNumber={index + 1}
                      scale={zoom}
                      renderAnnotationLayer={false}
                      renderTextLayer
                      loading={null}
                      onGetTextSuccess={(content) => textRead(index + 1, content)}
                    />
                  )}
                  {ocrDocumentId !== undefined &&
                    !capture &&
                    textless.has(index + 1) &&
                    index >= first &&
                    index <= last && (
                      <OcrLayer
                        documentId={ocrDocumentId}
                        page={index + 1}
                        width={baseSize.width * zoom}
                        height={baseSize.height * zoom}
                      />
                    )}
                  {capture && (
                    <SignatureCaptureOverlay
                      page={index + 1}
                      pageSize={baseSize}
                      capture={capture}
                    />
                  )}
                </Box>
              ))}
          </Document>
        )}
      </Box>
    </Box>
  );
}
