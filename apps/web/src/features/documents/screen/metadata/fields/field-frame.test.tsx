import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { AUTO_EXTRACTED_HIGHLIGHT_MS, type DocumentMetadataEntry } from '@flowline/shared';
import { buildArInvoice } from '../../test/document-fixtures';
import { createElement, type ReactNode } from 'react';
import { AutoFillScope, resetAutoFilledMemory, useAutoFilled } from './field-frame';

const base = buildArInvoice().metadata.find((e) => e.metadata.key === 'docNumber')!;
const entry = (over: Partial<DocumentMetadataEntry>): DocumentMetadataEntry => ({
  ...base,
  ...over,
});

afterEach(() => {
  vi.useRealTimers();
  resetAutoFilledMemory();
});

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

describe('auto-filled marks: only for the editing company, once per proposal (issue 27 item 10)', () => {
  const scoped =
    (editable: boolean, documentId = 501) =>
    ({ children }: { children: ReactNode }) =>
      createElement(AutoFillScope.Provider, { value: { documentId, editable } }, children);

  it('shows no highlight and no mark to a company that cannot edit the values', () => {
    vi.useFakeTimers();
    const { result } = renderHook(
      () => useAutoFilled(entry({ autoExtracted: true, highlight: true, value: 'INV-1' }), false),
      { wrapper: scoped(false) },
    );
    expect(result.current).toBeNull();
  });

  it('plays the highlight once per proposal: opening the pane again only marks it', () => {
    vi.useFakeTimers();
    const proposal = entry({ autoExtracted: true, value: 'INV-7' });
    const first = renderHook(() => useAutoFilled(proposal, false), { wrapper: scoped(true) });
    expect(first.result.current).toBe('highlight');
    act(() => vi.advanceTimersByTime(AUTO_EXTRACTED_HIGHLIGHT_MS));
    first.unmount();
    // The drawer or pane opens again: the same proposal is marked, not replayed.
    const again = renderHook(() => useAutoFilled(proposal, false), { wrapper: scoped(true) });
    expect(again.result.current).toBe('marked');
    // Another document's proposal, or a new value, is highlighted once.
    const other = renderHook(() => useAutoFilled(proposal, false), { wrapper: scoped(true, 502) });
    expect(other.result.current).toBe('highlight');
    const changed = renderHook(
      () => useAutoFilled(entry({ autoExtracted: true, value: 'INV-8' }), false),
      { wrapper: scoped(true) },
    );
    expect(changed.result.current).toBe('highlight');
  });
});
