import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { LINE_ITEMS_PANE } from '@flowline/shared';

const { startPercent, minPercent, maxPercent } = LINE_ITEMS_PANE;
const STEP = 5;
const clamp = (n: number) => Math.min(maxPercent, Math.max(minPercent, Math.round(n)));

/**
 * A top/bottom split whose bottom pane starts at 40 % of the height (minimum 20 %, spec 1 §2).
 * The separator resizes with the mouse (drag) or the keyboard (arrows, Home, End) and reports
 * the bottom pane's share as aria-valuenow.
 */
export function BottomSplitPane({
  top,
  bottom,
  label,
}: {
  top: ReactNode;
  bottom: ReactNode;
  label: string;
}) {
  const [percent, setPercent] = useState<number>(startPercent);
  const container = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const fromPointer = (event: PointerEvent) => {
    const rect = container.current?.getBoundingClientRect();
    if (!rect || rect.height === 0) return;
    setPercent(clamp(((rect.bottom - event.clientY) / rect.height) * 100));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next: Record<string, number> = {
      ArrowUp: percent + STEP,
      ArrowDown: percent - STEP,
      PageUp: percent + 2 * STEP,
      PageDown: percent - 2 * STEP,
      Home: maxPercent,
      End: minPercent,
    };
    if (event.key in next) {
      event.preventDefault();
      setPercent(clamp(next[event.key]!));
    }
  };

  return (
    <Box
      ref={container}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box sx={{ flex: `${100 - percent} 1 0`, minHeight: 0, display: 'flex' }}>{top}</Box>
      <Box
        role="separator"
        tabIndex={0}
        aria-label={label}
        aria-orientation="horizontal"
        aria-valuenow={percent}
        aria-valuemin={minPercent}
        aria-valuemax={maxPercent}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }}
        onPointerMove={(event) => {
          if (dragging.current) fromPointer(event);
        }}
        onPointerUp={(event) => {
          dragging.current = false;
          event.currentTarget.releasePointerCapture?.(event.pointerId);
        }}
        sx={{
          flex: '0 0 8px',
          cursor: 'row-resize',
          bgcolor: 'divider',
          '&:hover, &:focus-visible': { bgcolor: 'primary.main' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      />
      <Box sx={{ flex: `${percent} 1 0`, minHeight: 0, overflow: 'auto' }}>{bottom}</Box>
    </Box>
  );
}
