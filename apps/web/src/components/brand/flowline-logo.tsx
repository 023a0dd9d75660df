import Box from '@mui/material/Box';

/**
 * The Flowline mark (a pipeline bend between two stations) and wordmark. Decorative: the
 * surrounding control carries the accessible name.
 */
export function FlowlineLogo({
  tone = 'dark',
  height = 32,
}: {
  tone?: 'dark' | 'light';
  height?: number;
}) {
  const ink = tone === 'light' ? '#FFFFFF' : '#0B5563';
  const tile = tone === 'light' ? '#FFFFFF' : '#0B5563';
  const line = tone === 'light' ? '#0B5563' : '#FFFFFF';
  return (
    <Box
      component="svg"
      viewBox="0 0 150 40"
      aria-hidden
      focusable="false"
      sx={{ height, width: 'auto', display: 'block' }}
    >
      <rect x="2" y="4" width="32" height="32" rx="7" fill={tile} />
      <path
        d="M7.5 25.5h6.5c2.6 0 3.6-1.6 4.3-4.3S20.4 14.5 23 14.5h5.5"
        fill="none"
        stroke={line}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="7.5" cy="25.5" r="2.6" fill="#E39B2D" />
      <circle cx="28.5" cy="14.5" r="2.6" fill="#E39B2D" />
      <text
        x="43"
        y="28"
        fontFamily="Inter, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="24"
        fontWeight="700"
        letterSpacing="-0.5"
        fill={ink}
      >
        Flowline
      </text>
    </Box>
  );
}
