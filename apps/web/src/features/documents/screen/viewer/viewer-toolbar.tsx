import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { VIEWER_ZOOM } from '@flowline/shared';

export function nextZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * VIEWER_ZOOM.step) * 100) / 100;
  return Math.min(VIEWER_ZOOM.max, Math.max(VIEWER_ZOOM.min, next));
}

export interface ViewerToolbarProps {
  zoom: number;
  onZoom(zoom: number): void;
  /** Page navigation; absent for images. */
  pages?: { current: number; count: number; onGoTo(page: number): void } | undefined;
  extra?: ReactNode;
}

/** Zoom (spec 1 §9: 1.5, step 0.25, 0.5–4) and page navigation above the viewer. */
export function ViewerToolbar({ zoom, onZoom, pages, extra }: ViewerToolbarProps) {
  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="toolbar"
      aria-label="Viewer"
      sx={{
        alignItems: 'center',
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        flexWrap: 'wrap',
      }}
    >
      <Tooltip title="Zoom out">
        <span>
          <IconButton
            aria-label="Zoom out"
            size="small"
            disabled={zoom <= VIEWER_ZOOM.min}
            onClick={() => onZoom(nextZoom(zoom, -1))}
          >
            <ZoomOut />
          </IconButton>
        </span>
      </Tooltip>
      <Typography
        variant="body2"
        aria-label="Zoom level"
        aria-live="polite"
        sx={{ minWidth: 48, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
      >
        {Math.round(zoom * 100)}%
      </Typography>
      <Tooltip title="Zoom in">
        <span>
          <IconButton
            aria-label="Zoom in"
            size="small"
            disabled={zoom >= VIEWER_ZOOM.max}
            onClick={() => onZoom(nextZoom(zoom, 1))}
          >
            <ZoomIn />
          </IconButton>
        </span>
      </Tooltip>
      {pages && pages.count > 0 && <PageNavigation {...pages} />}
      {extra && <Stack sx={{ ml: 'auto !important' }}>{extra}</Stack>}
    </Stack>
  );
}

function PageNavigation({
  current,
  count,
  onGoTo,
}: {
  current: number;
  count: number;
  onGoTo(page: number): void;
}) {
  // What the user is typing; null shows the current page.
  const [typed, setTyped] = useState<string | null>(null);
  const go = () => {
    const page = Number(typed);
    if (Number.isInteger(page) && page >= 1 && page <= count) onGoTo(page);
    setTyped(null);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', pl: 1 }}>
      <IconButton
        aria-label="Previous page"
        size="small"
        disabled={current <= 1}
        onClick={() => onGoTo(current - 1)}
      >
        <ChevronLeft />
      </IconButton>
      <Typography variant="body2" component="span">
        Page
      </Typography>
      <InputBase
        value={typed ?? String(current)}
        onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') go();
          if (event.key === 'Escape') setTyped(null);
        }}
        onBlur={go}
        inputProps={{ 'aria-label': 'Go to page', inputMode: 'numeric' }}
        sx={{
          width: 44,
          px: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '& input': { textAlign: 'center', py: 0.25 },
        }}
      />
      <Typography variant="body2" component="span" aria-label={`Page ${current} of ${count}`}>
        of {count}
      </Typography>
      <IconButton
        aria-label="Next page"
        size="small"
        disabled={current >= count}
        onClick={() => onGoTo(current + 1)}
      >
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
