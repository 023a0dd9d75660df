import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELECTED_COMPANY_STORAGE_KEY } from '@flowline/shared';
import { installSessionApi } from '../../test/render-app';
import { buildCompany } from '../../test/fixtures';
import { configureApiAuth } from '../../lib/api-client';
import { createFakeAuthClient } from '../../test/fake-auth-client';
import { prefetchSession, takePrefetchedSession } from './prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.removeItem(SELECTED_COMPANY_STORAGE_KEY);
});

describe('the session prefetch', () => {
  it('asks for the remembered company once, and hands the answer over once', async () => {
    window.localStorage.setItem(SELECTED_COMPANY_STORAGE_KEY, '3');
    configureApiAuth(createFakeAuthClient());
    const api = installSessionApi({ companies: [buildCompany({ id: 3 })] });
    prefetchSession();
    // Another company's start does not take it.
    expect(takePrefetchedSession(4)).toBeNull();
    const answer = await takePrefetchedSession(3);
    expect(answer?.company?.id).toBe(3);
    expect(takePrefetchedSession(3)).toBeNull();
    expect(api.find('GET', '/api/session').map((r) => r.headers.get('Company-Id'))).toEqual(['3']);
  });
});
