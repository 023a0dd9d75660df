import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Role } from '@flowline/shared';
import { apiError } from '../test/fake-api';
import { installSessionApi, renderApp } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('server errors', () => {
  it('are shown in the snackbar with the message from the response body', async () => {
    installSessionApi({
      handlers: {
        'GET /api/documentType': () =>
          apiError(400, 'Document types are not available for this company'),
      },
    });
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Document types are not available for this company',
    );
  });

  it('stay quiet for the badge endpoints the server does not have yet', async () => {
    installSessionApi({ user: { roles: [Role.Administrator] } });
    const { snackbarStore } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    await new Promise((r) => setTimeout(r, 50));
    expect(snackbarStore.getSnapshot()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Connections' })).toBeInTheDocument();
  });

  it('show the network-match count on the Connections button', async () => {
    installSessionApi({
      user: { roles: [Role.Administrator] },
      handlers: { 'GET /api/party/searchForPartyNetworkMatchesCount': () => ({ count: 3 }) },
    });
    renderApp('/');
    expect(
      await screen.findByRole('button', { name: 'Connections, 3 network matches' }),
    ).toBeInTheDocument();
  });
});
