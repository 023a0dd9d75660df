import { useEffect, useState } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { AUTO_EXTRACTED_HIGHLIGHT_MS, type DocumentMetadataEntry } from '@flowline/shared';

/**
 * A value proposed by automatic extraction (spec 1 §4, §9): 'highlight' for 2 seconds when it
 * appears — on opening, or when a refetch brings a new proposed value — then 'marked' (a quiet
 * 'Auto-filled' note) until the user edits the field; null for values the user gave.
 */
export type AutoFilled = 'highlight' | 'marked' | null;

export const AUTO_FILLED_NOTE = 'Auto-filled';

export function useAutoFilled(entry: DocumentMetadataEntry, edited: boolean): AutoFilled {
  const proposed = (entry.autoExtracted || entry.highlight) && entry.value ? entry.value : null;
  const [shown, setShown] = useState(proposed);
  const [flashing, setFlashing] = useState(proposed !== null);
  if (shown !== proposed) {
    setShown(proposed);
    setFlashing(proposed !== null);
  }
  useEffect(() => {
    if (!flashing) return;
    const timer = window.setTimeout(() => setFlashing(false), AUTO_EXTRACTED_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [flashing, shown]);
  if (proposed === null || edited) return null;
  if (flashing) return 'highlight';
  return entry.autoExtracted ? 'marked' : null;
}

const HIGHLIGHT = '#FFE3B0';

/** The frame of an auto-filled field: the 2-second highlight, then a dotted accent. */
export function autoFilledSx(state: AutoFilled): SxProps<Theme> {
  if (state === null) return {};
  return {
    '& .MuiInputBase-root': {
      bgcolor: state === 'highlight' ? HIGHLIGHT : 'transparent',
      transition: 'background-color 600ms ease-out',
    },
    '& .MuiOutlinedInput-notchedOutline': state === 'marked' ? { borderStyle: 'dashed' } : {},
  };
}

/** The props every metadata field spreads for its auto-filled state. */
export function autoFilledProps(state: AutoFilled, error: string | undefined) {
  return {
    sx: autoFilledSx(state),
    helperText: error ?? (state ? AUTO_FILLED_NOTE : undefined),
    'data-auto-filled': state ?? undefined,
  };
}
