import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/**
 * A bulk action's progress over the selected documents, then its summary ('3 signed, 1 refused'),
 * announced to screen readers as a status.
 */
export function BulkProgress({
  done,
  total,
  finished,
  progress,
  summary,
}: {
  done: number;
  total: number;
  finished: boolean;
  /** 'Signing 2 of 5' */
  progress: string;
  summary: string;
}) {
  return (
    <Box>
      <LinearProgress variant="determinate" value={(done / total) * 100} aria-label={progress} />
      <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
        {finished ? summary : progress}
      </Typography>
    </Box>
  );
}
