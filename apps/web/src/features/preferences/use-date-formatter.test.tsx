import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { installFakeApi } from '../../test/fake-api';
import { useDateFormatter } from './use-date-formatter';

afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useDateFormatter', () => {
  it("formats dates in the user's chosen format", async () => {
    installFakeApi({
      'GET /api/users/current/personalization': () => ({
        dateFormat: 'dd/MM/yyyy',
        receiveEmails: true,
      }),
    });
    const { result } = renderHook(() => useDateFormatter(), { wrapper });
    expect(result.current.formatDate('2024-03-05')).toBe('03/05/2024');
    await waitFor(() => expect(result.current.dateFormat).toBe('dd/MM/yyyy'));
    expect(result.current.formatDate('2024-03-05')).toBe('05/03/2024');
    expect(result.current.formatDateTime(new Date(2024, 2, 5, 15, 4, 5))).toBe(
      '05/03/2024 03:04:05 PM',
    );
    expect(result.current.formatDate(null)).toBe('');
  });

  it('keeps the default format when the preference cannot be read', async () => {
    const api = installFakeApi({});
    const { result } = renderHook(() => useDateFormatter(), { wrapper });
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(result.current.formatDate('2024-12-31')).toBe('12/31/2024');
  });
});
