import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
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

/**
 * A PNG or JPEG shown from a blob URL, with the same zoom as PDFs (1 = natural size). An image has
 * no text layer: the words read from it (OCR, page 1) are laid over it for click-to-fill.
 */
export function ImageView({
  file,
  title,
  capture,
  onTextSelected,
  ocrDocumentId,
}: {
  file: Blob;
  title: string;
  /** Signature-capture mode: the image is page 1 (the server signs its PDF rendition). */
  capture?: SignatureCapture | null | undefined;
  onTextSelected?: ((text: string) => boolean) | undefined;
  ocrDocumentId?: number | undefined;
}) {
  const image = useRef<HTMLImageElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<number>(VIEWER_ZOOM.start);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const fill = useFillSelection(scroller, onTextSelected, Boolean(capture));
  const scale = zoom / VIEWER_ZOOM.start;

  // The URL lives exactly as long as this blob is shown (no state: set on the element itself).
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ViewerToolbar zoom={zoom} onZoom={setZoom} />
      {capture && (
        <SignatureCaptureBar
          onCancel={capture.onCancel}
          hint={capture.hint}
          onPlaceDefault={
            natural ? () => capture.onCaptured(1, defaultSignatureArea(natural)) : undefined
          }
        />
      )}
      <Box
        ref={scroller}
        onMouseUp={fill.onMouseUp}
        tabIndex={0}
        role="region"
        aria-label={`${title} image`}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.200', p: 1.5 }}
      >
        <Box
          data-viewer-page={1}
          data-click-filled={fill.highlighted === 1 ? '' : undefined}
          sx={{
            position: 'relative',
            width: 'fit-content',
            maxWidth: natural ? 'none' : '100%',
            mx: 'auto',
            ...pageHighlightSx(fill.highlighted === 1),
          }}
        >
          <Box
            component="img"
            ref={image}
            alt={title}
            onLoad={(event) =>
              setNatural({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            sx={{
              display: 'block',
              bgcolor: 'common.white',
              boxShadow: 1,
              width: natural ? natural.width * scale : 'auto',
              maxWidth: natural ? 'none' : '100%',
            }}
          />
          {ocrDocumentId !== undefined && !capture && natural && (
            <OcrLayer
              documentId={ocrDocumentId}
              page={1}
              width={natural.width * scale}
              height={natural.height * scale}
            />
          )}
          {capture && natural && (
            <SignatureCaptureOverlay page={1} pageSize={natural} capture={capture} />
          )}
        </Box>
      </Box>
    </Box>
  );
}
