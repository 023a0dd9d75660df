import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AUTO_EXTRACTED_HIGHLIGHT_MS, type DocumentMetadataEntry } from '@flowline/shared';
import { buildArInvoice } from '../../test/document-fixtures';
import { useAutoFilled } from './field-frame';

const base = buildArInvoice().metadata.find((e) => e.metadata.key === 'docNumber')!;
const entry = (over: Partial<DocumentMetadataEntry>): DocumentMetadataEntry => ({
  ...base,
  ...over,
});

afterEach(() => vi.useRealTimers());

describe('useAutoFilled (spec 1 §4, §9: 2 s highlight)', () => {
  it('highlights a proposed value for exactly 2 s, then marks it until edited', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ e, edited }: { e: DocumentMetadataEntry; edited: boolean }) => useAutoFilled(e, edited),
      { initialProps: { e: entry({ autoExtracted: true, value: 'INV-1' }), edited: false } },
    );
    expect(result.current).toBe('highlight');
    act(() => vi.advanceTimersByTime(AUTO_EXTRACTED_HIGHLIGHT_MS - 1));
    expect(result.current).toBe('highlight');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('marked');

    // The same value again (a refetch) is not flashed again; a new one is.
    rerender({ e: entry({ autoExtracted: true, value: 'INV-1' }), edited: false });
    expect(result.current).toBe('marked');
    rerender({ e: entry({ autoExtracted: true, value: 'INV-2' }), edited: false });
    expect(result.current).toBe('highlight');
    act(() => vi.advanceTimersByTime(AUTO_EXTRACTED_HIGHLIGHT_MS));
    expect(result.current).toBe('marked');

    rerender({ e: entry({ autoExtracted: true, value: 'INV-2' }), edited: true });
    expect(result.current).toBeNull();
  });

  it('leaves values the user gave, and empty proposals, alone', () => {
    vi.useFakeTimers();
    const typed = renderHook(() => useAutoFilled(entry({ value: 'INV-1' }), false));
    expect(typed.result.current).toBeNull();
    const empty = renderHook(() =>
      useAutoFilled(entry({ autoExtracted: true, value: null }), false),
    );
    expect(empty.result.current).toBeNull();
  });

  it('a value arriving later (the reading finished) is highlighted then', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ e }) => useAutoFilled(e, false), {
      initialProps: { e: entry({ value: null }) },
    });
    expect(result.current).toBeNull();
    rerender({ e: entry({ autoExtracted: true, value: '1250.00' }) });
    expect(result.current).toBe('highlight');
    act(() => vi.advanceTimersByTime(AUTO_EXTRACTED_HIGHLIGHT_MS));
    expect(result.current).toBe('marked');
  });
});
