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
          items: [
            {
              documentId: 42,
              documentTypeId: 93,
              documentTypeName: 'AR Invoice',
              text: 'INV-0042 Acme',
            },
          ],
        }),
      },
    });
    const { router } = renderApp('/');
    // delay: null types every key in one go, so no timer can fire between keystrokes, however
    // busy the machine is: exactly what a fast typist looks like to the debounce.
    await userEvent.setup({ delay: null }).type(await searchInput(), 'acme');

    expect(await screen.findByRole('option', { name: 'Search for "acme"' })).toBeInTheDocument();
    // Each suggestion shows its text and the document type.
    const suggestion = await screen.findByRole('option', { name: /INV-0042 Acme/ });
    expect(suggestion).toHaveTextContent('AR Invoice');
    await userEvent.click(suggestion);
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/42'));
    // Debounced: one call for the whole word, not one per keystroke.
    expect(api.find('GET', '/api/typeahead').map((r) => r.search)).toEqual(['?query=acme']);
  });

  it('searches for the text on Enter, and a missing typeahead route is silent', async () => {
    installSessionApi({
      handlers: { 'POST /api/search': () => ({ columns: [], rows: [], totalRecords: 0 }) },
    });
    const { router, snackbarStore } = renderApp('/');
    await userEvent.type(await searchInput(), 'run statement{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=run%20statement');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Result for run statement' }),
    ).toBeInTheDocument();
    expect(snackbarStore.getSnapshot().map((m) => m.message)).toEqual([]);
  });

  it('is usable from the keyboard: arrows pick a suggestion, Enter opens it', async () => {
    installSessionApi({
      handlers: {
        'GET /api/typeahead': () => ({
          items: [
            {
              documentId: 42,
              documentTypeId: 93,
              documentTypeName: 'AR Invoice',
              text: 'INV-0042',
            },
            {
              documentId: 43,
              documentTypeId: 93,
              documentTypeName: 'AR Invoice',
              text: 'INV-0043',
            },
          ],
        }),
      },
    });
    const { router } = renderApp('/');
    const input = await searchInput();
    await userEvent.setup({ delay: null }).type(input, 'INV');
    await screen.findByRole('option', { name: /INV-0043/ });
    // 'Search for' first, then the suggestions in the server's order.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Search for "INV"',
      'INV-0042AR Invoice',
      'INV-0043AR Invoice',
    ]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/43'));
    expect(input).toHaveValue('');
  });

  it('goes to the search page from the "Search for" entry', async () => {
    installSessionApi();
    const { router } = renderApp('/');
    await userEvent.type(await searchInput(), 'W9');
    await userEvent.click(await screen.findByRole('option', { name: 'Search for "W9"' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=W9'));
  });
});
