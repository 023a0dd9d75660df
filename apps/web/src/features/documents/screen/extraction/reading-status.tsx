import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { READING_DOCUMENT_MESSAGE, type DocumentExtraction } from '@flowline/shared';
import { isReading } from './api';

export const READING_FAILED_MESSAGE = 'The document could not be read; fill the fields by hand.';

/** 'page X of Y' once the number of pages is known. */
export function readingProgressText(extraction: DocumentExtraction): string | null {
  const { pagesRead, pageCount } = extraction;
  if (!pageCount) return null;
  return `page ${Math.min(pagesRead + 1, pageCount)} of ${pageCount}`;
}

/**
 * Above the viewer while the document's words are read (issue 14): a progress bar with the
 * spec's wording, determinate once the page count is known; a quiet warning when reading failed
 * (the fields are still there to fill by hand). Nothing once done or skipped.
 */
export function ReadingStatus({ extraction }: { extraction: DocumentExtraction | null }) {
  if (!extraction) return null;
  if (extraction.status === 'failed') {
    return (
      <Alert severity="warning" variant="outlined" sx={{ m: 1, mb: 0, py: 0 }}>
        {READING_FAILED_MESSAGE}
      </Alert>
    );
  }
  if (!isReading(extraction.status)) {
    // Read, but not every page (READING_MAX_PAGES): the server says which (issue 28 item 2).
    if (extraction.status === 'done' && extraction.notice)
      return (
        <Alert severity="info" variant="outlined" sx={{ m: 1, mb: 0, py: 0 }}>
          {extraction.notice}
        </Alert>
      );
    return null;
  }
  // Waiting for the company's hourly page quota: the server says for how long (issue 28 item 2).
  if (extraction.status === 'pending' && extraction.notice)
    return (
      <Alert role="status" severity="info" variant="outlined" sx={{ m: 1, mb: 0, py: 0 }}>
        {extraction.notice}
      </Alert>
    );
  const progress = readingProgressText(extraction);
  const percent =
    extraction.pageCount && extraction.pageCount > 0
      ? Math.round((100 * extraction.pagesRead) / extraction.pageCount)
      : undefined;
  return (
    <Box role="status" sx={{ mx: 1, mt: 1 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {READING_DOCUMENT_MESSAGE}
        {progress && (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            ({progress})
          </Box>
        )}
      </Typography>
      <LinearProgress
        aria-label={READING_DOCUMENT_MESSAGE}
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
      />
    </Box>
  );
}
