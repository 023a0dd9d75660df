import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { VIEWER_ZOOM } from '@flowline/shared';
import {
  SignatureCaptureBar,
  SignatureCaptureLayer,
  defaultSignatureArea,
  type SignatureCapture,
} from '../signing/capture-layer';
import { ViewerToolbar } from './viewer-toolbar';

/** A PNG or JPEG shown from a blob URL, with the same zoom as PDFs (1 = natural size). */
export function ImageView({
  file,
  title,
  capture,
}: {
  file: Blob;
  title: string;
  /** Signature-capture mode: the image is page 1 (the server signs its PDF rendition). */
  capture?: SignatureCapture | null | undefined;
}) {
  const image = useRef<HTMLImageElement>(null);
  const [zoom, setZoom] = useState<number>(VIEWER_ZOOM.start);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);

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
          onPlaceDefault={
            natural ? () => capture.onCaptured(1, defaultSignatureArea(natural)) : undefined
          }
        />
      )}
      <Box
        tabIndex={0}
        role="region"
        aria-label={`${title} image`}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.200', p: 1.5 }}
      >
        <Box
          sx={{
            position: 'relative',
            width: 'fit-content',
            maxWidth: natural ? 'none' : '100%',
            mx: 'auto',
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
              width: natural ? natural.width * (zoom / VIEWER_ZOOM.start) : 'auto',
              maxWidth: natural ? 'none' : '100%',
            }}
          />
          {capture && natural && (
            <SignatureCaptureLayer page={1} pageSize={natural} onCaptured={capture.onCaptured} />
          )}
        </Box>
      </Box>
    </Box>
  );
}
