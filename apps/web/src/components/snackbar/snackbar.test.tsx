import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SNACKBAR_TIMEOUT_MS } from '@flowline/shared';
import { SnackbarProvider, createSnackbarStore, useSnackbar, type SnackbarApi } from './index';

let api: SnackbarApi;
function Capture() {
  const snackbar = useSnackbar();
  useEffect(() => {
    api = snackbar;
  }, [snackbar]);
  return null;
}

function renderSnackbar() {
  render(
    <SnackbarProvider store={createSnackbarStore()}>
      <Capture />
    </SnackbarProvider>,
  );
}

/** Advances time in small steps so React renders (and schedules transitions) between them. */
function advance(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    act(() => {
      vi.advanceTimersByTime(Math.min(100, ms - elapsed));
    });
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('snackbar', () => {
  it('hides success, info and error messages after 5 seconds', () => {
    renderSnackbar();
    act(() => api.showSuccess('Connection Saved'));
    expect(screen.getByRole('alert')).toHaveTextContent('Connection Saved');

    advance(SNACKBAR_TIMEOUT_MS - 100);
    expect(screen.getByText('Connection Saved')).toBeInTheDocument();
    advance(1000);
    expect(screen.queryByText('Connection Saved')).not.toBeInTheDocument();
  });

  it('keeps an alert until it is closed', () => {
    renderSnackbar();
    act(() => api.showAlert('Invitation not found, or expired'));
    advance(60_000);
    expect(screen.getByRole('alert')).toHaveTextContent('Invitation not found, or expired');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    advance(1000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows queued messages one at a time', () => {
    renderSnackbar();
    act(() => {
      api.showError('First problem');
      api.showInfo('Second note');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('First problem');

    advance(SNACKBAR_TIMEOUT_MS + 1000);
    expect(screen.getByRole('alert')).toHaveTextContent('Second note');
    advance(SNACKBAR_TIMEOUT_MS + 1000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uses the severity of each message', () => {
    renderSnackbar();
    act(() => api.showError('Server says no'));
    expect(screen.getByRole('alert').className).toMatch(/colorError|filledError/);
  });
});
