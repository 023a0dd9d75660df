import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { jobMessages } from '@flowline/shared';
import { PageHeader } from '../../components/page-header';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useFailedJobs, useRetryJob } from './api';

const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * /admin/jobs: background work (e-mail, document reading…) that failed after its last retry,
 * with the error, and a Retry button (docs/jobs.md).
 */
export function FailedJobsPage() {
  const jobs = useFailedJobs();
  const retry = useRetryJob();
  const snackbar = useSnackbar();
  const { formatDateTime } = useDateFormatter();

  return (
    <>
      <PageHeader title={jobMessages.title} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Work Flowline does in the background is retried automatically. What still failed after the
        last attempt is listed here for 14 days; retry it once the cause is fixed.
      </Typography>
      {jobs.isError && <Alert severity="error">{errorMessage(jobs.error)}</Alert>}
      {jobs.isPending ? (
        <CircularProgress aria-label="Loading" />
      ) : jobs.data && jobs.data.items.length === 0 ? (
        <Typography>{jobMessages.empty}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Failed background jobs" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Job</TableCell>
                <TableCell>Error</TableCell>
                <TableCell sx={wide}>Queued</TableCell>
                <TableCell>Failed</TableCell>
                <TableCell sx={wide}>Attempts</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {jobs.data?.items.map((job) => (
                <TableRow key={job.id}>
                  <TableCell>
                    <Typography variant="body2">{job.queueLabel}</Typography>
                    {job.label && (
                      <Typography variant="body2" color="text.secondary">
                        {job.label}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{job.error}</TableCell>
                  <TableCell sx={wide}>{formatDateTime(job.createdAt)}</TableCell>
                  <TableCell>{job.failedAt ? formatDateTime(job.failedAt) : ''}</TableCell>
                  <TableCell sx={wide}>{job.attempts}</TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      disabled={retry.isPending && retry.variables === job.id}
                      aria-label={`Retry ${job.label ?? job.queueLabel}`}
                      onClick={() =>
                        retry.mutate(job.id, {
                          onSuccess: (res) => snackbar.showSuccess(res.message),
                          onError: (error) => snackbar.showError(errorMessage(error)),
                        })
                      }
                    >
                      Retry
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
