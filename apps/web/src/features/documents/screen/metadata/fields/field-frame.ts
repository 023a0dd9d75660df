import { createContext, useContext, useEffect, useState } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { AUTO_EXTRACTED_HIGHLIGHT_MS, type DocumentMetadataEntry } from '@flowline/shared';

/**
 * A value proposed by automatic extraction (spec 1 §4, §9): 'highlight' for 2 seconds when it
 * appears — on opening, or when a refetch brings a new proposed value — then 'marked' (a quiet
 * 'Auto-filled' note) until the user edits the field; null for values the user gave.
 */
export type AutoFilled = 'highlight' | 'marked' | null;

export const AUTO_FILLED_NOTE = 'Auto-filled';

/**
 * Issue 27 item 10: the marks are for the company that can still edit the values (the sender of
 * a draft), and the highlight plays once per proposal — not again each time the pane or the
 * drawer opens. The screen provides the document and whether it may be edited.
 */
export const AutoFillScope = createContext<{ documentId: number; editable: boolean } | null>(null);

const FLASHED_KEY = 'flowline.autoFilledShown';
const flashed = new Set<string>();

function loadFlashed() {
  if (flashed.size > 0 || typeof sessionStorage === 'undefined') return;
  try {
    for (const key of JSON.parse(sessionStorage.getItem(FLASHED_KEY) ?? '[]') as string[]) {
      flashed.add(key);
    }
  } catch {
    // An unreadable entry: start again.
  }
}

function rememberFlashed(key: string) {
  flashed.add(key);
  try {
    sessionStorage.setItem(FLASHED_KEY, JSON.stringify([...flashed].slice(-500)));
  } catch {
    // Storage full or unavailable: remembered for this page only.
  }
}

/** Forgets which proposals were highlighted (tests). */
export function resetAutoFilledMemory() {
  flashed.clear();
  try {
    sessionStorage.removeItem(FLASHED_KEY);
  } catch {
    // Nothing to forget.
  }
}

export function useAutoFilled(entry: DocumentMetadataEntry, edited: boolean): AutoFilled {
  const scope = useContext(AutoFillScope);
  const visible = scope?.editable ?? true;
  const proposed =
    visible && (entry.autoExtracted || entry.highlight) && entry.value ? entry.value : null;
  const key =
    proposed === null ? null : `${scope?.documentId ?? '?'}:${entry.metadata.id}:${proposed}`;
  loadFlashed();
  const [shown, setShown] = useState(proposed);
  const [flashing, setFlashing] = useState(key !== null && !flashed.has(key));
  if (shown !== proposed) {
    setShown(proposed);
    setFlashing(key !== null && !flashed.has(key));
  }
  useEffect(() => {
    if (!flashing) return;
    if (key) rememberFlashed(key);
    const timer = window.setTimeout(() => setFlashing(false), AUTO_EXTRACTED_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [flashing, shown, key]);
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
