import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * How long a wait goes without a spinner. Most waits behind this spinner (the shell's code and the
 * session start on a signed-in load, a page's chunk) end sooner on a laptop: the page then goes
 * from blank straight to its content instead of flashing a spinner for a moment — and the work
 * that draws the content happens before the first paint rather than after it (issue 16 item 4).
 */
const SPINNER_DELAY_MS = 400;

/**
 * Shown while the app starts or changes session; a `main` landmark keeps the page structure valid.
 * It is in the page (and announced) at once, and becomes visible after SPINNER_DELAY_MS.
 */
export function FullPageSpinner({ label = 'Loading Flowline…' }: { label?: string }) {
  return (
    <Box
      component="main"
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        alignContent: 'center',
        gap: 2,
        '@keyframes flowline-spinner-appear': { from: { opacity: 0 }, to: { opacity: 1 } },
        animation: `flowline-spinner-appear 0s linear ${SPINNER_DELAY_MS}ms both`,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
