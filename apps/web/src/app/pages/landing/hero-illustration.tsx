import Box from '@mui/material/Box';

/** Station-to-station pipeline with documents on the move, drawn inline (no external images). */
export function HeroIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 1440 560"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden
      focusable="false"
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        '& .flow': { animation: 'flowline-drift 14s linear infinite' },
        '@keyframes flowline-drift': {
          from: { transform: 'translateX(-120px)' },
          to: { transform: 'translateX(120px)' },
        },
        '@media (prefers-reduced-motion: reduce)': { '& .flow': { animation: 'none' } },
      }}
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0B5563" />
          <stop offset="1" stopColor="#06343D" />
        </linearGradient>
        <radialGradient id="hero-sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#F3C06E" />
          <stop offset="1" stopColor="#E39B2D" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="1440" height="560" fill="url(#hero-sky)" />
      <circle cx="1130" cy="170" r="150" fill="url(#hero-sun)" opacity="0.55" />
      <circle cx="1130" cy="170" r="58" fill="#E39B2D" opacity="0.9" />
      <path
        d="M0 380 C220 330 420 360 640 340 S1080 300 1440 350 V560 H0Z"
        fill="#0E6473"
        opacity="0.55"
      />
      <path d="M0 430 C260 400 520 440 760 420 S1180 390 1440 420 V560 H0Z" fill="#073C46" />

      {/* Pumpjacks */}
      <g fill="#041F25">
        <rect x="1010" y="330" width="10" height="92" />
        <polygon points="985,422 1045,422 1015,340" opacity="0.9" />
        <rect x="940" y="318" width="150" height="12" rx="6" transform="rotate(-8 1015 324)" />
        <path d="M936 322 q-18 20 0 44 l10 -4 q-12 -18 0 -36z" />
        <rect x="1230" y="352" width="8" height="72" />
        <polygon points="1212,424 1256,424 1234,360" opacity="0.9" />
        <rect x="1180" y="342" width="112" height="9" rx="4.5" transform="rotate(6 1234 346)" />
      </g>

      {/* The pipeline and its stations */}
      <path
        d="M-20 470 H360 C420 470 430 440 490 440 H900 C960 440 970 470 1030 470 H1460"
        fill="none"
        stroke="#9FC3CA"
        strokeWidth="10"
        strokeLinecap="round"
      />
      <g fill="#E39B2D">
        <circle cx="360" cy="470" r="12" />
        <circle cx="900" cy="440" r="12" />
        <circle cx="1030" cy="470" r="12" />
      </g>
      <g className="flow">
        {[180, 560, 760, 1200].map((x, i) => (
          <g key={x} transform={`translate(${x} ${i === 1 || i === 2 ? 402 : 432})`}>
            <path d="M0 0 h22 l8 8 v26 h-30z" fill="#FFFFFF" />
            <path d="M22 0 v8 h8" fill="#D6E6E9" />
            <rect x="5" y="14" width="18" height="3" fill="#0B5563" />
            <rect x="5" y="21" width="14" height="3" fill="#0B5563" opacity="0.6" />
          </g>
        ))}
      </g>
    </Box>
  );
}
