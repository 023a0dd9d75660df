import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installSessionApi, renderApp } from '../../test/render-app';
import { genericDocumentColumns, type DocumentResultSet } from '@flowline/shared';

/** POST /search answers with the generic columns (Type, Number, From / To, Amount, Status, Date). */
const results: DocumentResultSet = {
  columns: genericDocumentColumns.map((c) => ({ ...c, metadataType: { ...c.metadataType } })),
  rows: [
    {
      id: 12,
      documentTypeId: 93,
      routeStatusId: 5,
      isRead: false,
      side: 'sent',
      values: ['AR Invoice', 'INV-1042', 'Red Mesa Operating Co.', '1234.5', 'Rejected', null],
    },
    {
      id: 11,
      documentTypeId: 93,
      routeStatusId: null,
      isRead: true,
      side: 'sent',
      values: ['AR Invoice', 'INV-1041', null, null, 'New', null],
    },
  ],
  totalRecords: 1200,
};

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// DataGrid screens in jsdom are slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
describe('search result page', () => {
  it('shows the result set, pages on the server with sizes up to 500 and opens rows', async () => {
    const api = installSessionApi({
      handlers: { 'POST /api/search': () => results },
    });
    const { router } = renderApp('/search?q=INV-10');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Result for INV-10' }),
    ).toBeInTheDocument();
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('INV-1042');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Doc #', 'Icon', 'Type', 'Number', 'From / To', 'Amount', 'Status', 'Date']);
    // The server's status column is drawn as the coloured chip.
    expect(within(grid).getByText('Rejected').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(within(grid).getByText('$1,234.50')).toBeInTheDocument();
    expect(api.find('POST', '/api/search').map((r) => r.body)).toEqual([
      { querySearchTerm: 'INV-10', page: 1, pageSize: 25 },
    ]);
    expect(screen.getByText(/^1–25 of 1,?200$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/search').at(-1)!.body).toEqual({
        querySearchTerm: 'INV-10',
        page: 2,
        pageSize: 25,
      }),
    );

    // jsdom applies no media queries: the page-size select (shown from sm up) counts as hidden.
    const pagination = document.querySelector<HTMLElement>('.MuiTablePagination-root')!;
    await userEvent.click(within(pagination).getByRole('combobox', { hidden: true }));
    const sizes = await screen.findByRole('listbox');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['25', '50', '75', '100', '500']);
    await userEvent.click(within(sizes).getByRole('option', { name: '500' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/search').at(-1)!.body).toEqual({
        querySearchTerm: 'INV-10',
        page: 1,
        pageSize: 500,
      }),
    );
    expect(await screen.findByText(/^1–500 of 1,?200$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/search').at(-1)!.body).toMatchObject({ page: 2 }),
    );

    await userEvent.click(within(grid).getByText('INV-1041'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/11'));
  });

  it('an empty query shows a hint and asks nothing', async () => {
    const api = installSessionApi();
    renderApp('/search?q=');
    expect(
      await screen.findByText(/Type what you are looking for in the search box/),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/search')).toEqual([]);
  });
});
