import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Terminology } from '@flowline/shared';
import { configureApiAuth, setApiCompanyId } from '../../lib/api-client';
import { installFakeApi } from '../../test/fake-api';
import { useColumnLabel, useTerm } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  setApiCompanyId(null);
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useTerm', () => {
  it("uses the company's customised name and the defaults otherwise", async () => {
    configureApiAuth(null);
    setApiCompanyId(4);
    const api = installFakeApi({
      'GET /api/terminology': () => [
        { terminologyId: 1, terminologyName: 'Profile', customizedName: 'Division' },
        { terminologyId: 2, terminologyName: 'Vendor', customizedName: null },
        { terminologyId: 3, terminologyName: 'Connection', customizedName: 'Partner' },
      ],
    });
    const { result } = renderHook(
      () => ({
        profile: useTerm(Terminology.OrgUnit),
        vendor: useTerm(Terminology.Vendor),
        column: useColumnLabel()('Parties'),
      }),
      { wrapper },
    );
    // The default label shows until the company's names arrive.
    expect(result.current.profile).toBe('Profile');
    await waitFor(() => expect(result.current.profile).toBe('Division'));
    expect(result.current.vendor).toBe('Vendor');
    expect(result.current.column).toBe('Partners');
    expect(api.find('GET', '/api/terminology')[0]?.headers.get('Company-Id')).toBe('4');
  });
});
