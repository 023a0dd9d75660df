import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { FileViewerProps } from './file-viewer';

const FileViewer = lazy(() => import('./file-viewer'));

/** The viewer, loaded on first use (pdf.js is ~630 kB plus its worker). */
export function LazyFileViewer(props: FileViewerProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 200 }}>
          <CircularProgress aria-label="Loading viewer" />
        </Box>
      }
    >
      <FileViewer {...props} />
    </Suspense>
  );
}
