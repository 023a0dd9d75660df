import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

async function searchInput() {
  return screen.findByPlaceholderText('Search all documents...');
}

describe('top bar search', () => {
  it('offers type-ahead suggestions after the debounce and opens a picked document', async () => {
    const api = installSessionApi({
      handlers: {
        'GET /api/typeahead': () => ({
          items: [{ id: 42, title: 'INV-0042 Acme', documentTypeName: 'AR Invoice' }],
        }),
      },
    });
    const { router } = renderApp('/');
    // delay: null types every key in one go, so no timer can fire between keystrokes, however
    // busy the machine is: exactly what a fast typist looks like to the debounce.
    await userEvent.setup({ delay: null }).type(await searchInput(), 'acme');

    expect(await screen.findByRole('option', { name: 'Search for "acme"' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /INV-0042 Acme/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/42'));
    // Debounced: one call for the whole word, not one per keystroke.
    expect(api.find('GET', '/api/typeahead').map((r) => r.search)).toEqual(['?query=acme']);
  });

  it('searches for the text on Enter, and a missing typeahead route is silent', async () => {
    installSessionApi();
    const { router, snackbarStore } = renderApp('/');
    await userEvent.type(await searchInput(), 'run statement{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=run%20statement');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Result for run statement' }),
    ).toBeInTheDocument();
    expect(snackbarStore.getSnapshot()).toEqual([]);
  });

  it('goes to the search page from the "Search for" entry', async () => {
    installSessionApi();
    const { router } = renderApp('/');
    await userEvent.type(await searchInput(), 'W9');
    await userEvent.click(await screen.findByRole('option', { name: 'Search for "W9"' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=W9'));
  });
});
