import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { VIEWER_ZOOM } from '@flowline/shared';
import { ViewerToolbar } from './viewer-toolbar';

/** A PNG or JPEG shown from a blob URL, with the same zoom as PDFs (1 = natural size). */
export function ImageView({ file, title }: { file: Blob; title: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [zoom, setZoom] = useState<number>(VIEWER_ZOOM.start);
  const [natural, setNatural] = useState<number | null>(null);

  // The URL lives exactly as long as this blob is shown (no state: set on the element itself).
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ViewerToolbar zoom={zoom} onZoom={setZoom} />
      <Box
        tabIndex={0}
        role="region"
        aria-label={`${title} image`}
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.200', p: 1.5 }}
      >
        <Box
          component="img"
          ref={image}
          alt={title}
          onLoad={(event) => setNatural(event.currentTarget.naturalWidth)}
          sx={{
            display: 'block',
            mx: 'auto',
            bgcolor: 'common.white',
            boxShadow: 1,
            width: natural ? natural * (zoom / VIEWER_ZOOM.start) : 'auto',
            maxWidth: natural ? 'none' : '100%',
          }}
        />
      </Box>
    </Box>
  );
}
