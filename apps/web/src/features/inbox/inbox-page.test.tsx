import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installSessionApi, renderApp } from '../../test/render-app';
import { inboxColumnHeaders, type Inbox } from '@flowline/shared';

const inbox: Inbox = {
  columnHeaders: [...inboxColumnHeaders],
  items: [
    {
      id: 31,
      documentTypeId: 93,
      documentTypeName: 'AR Invoice',
      routeStatusId: 2,
      isRead: false,
      metadata: {
        documentTypeName: 'AR Invoice',
        number: 'INV-1042',
        counterparty: 'Permian Basin Services LLC',
        amount: '1234.5',
        status: 'Received',
        date: '2026-11-20T15:04:05.000Z',
      },
    },
    {
      id: 30,
      documentTypeId: 89,
      documentTypeName: 'Run Statement',
      routeStatusId: 10,
      isRead: true,
      metadata: { documentTypeName: 'Run Statement', number: null, status: 'Viewed' },
    },
  ],
  totalRecords: 2,
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
describe('inbox', () => {
  it('exports every row of the inbox with the search applied, showing progress', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox': () => inbox,
        'GET /api/exports/documents': () =>
          new Response('Doc #,Type\r\n31,AR Invoice\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="Inbox 2026-11-28.csv"',
            },
          }),
      },
    });
    renderApp('/inbox');
    await screen.findByRole('grid', { name: 'Inbox' });
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Export to CSV' }));
    expect(await screen.findByText('Export downloaded')).toBeInTheDocument();
    const [request] = api.find('GET', '/api/exports/documents');
    expect(Object.fromEntries(new URLSearchParams(request!.search))).toEqual({
      list: 'inbox',
      orderBy: 'id',
      orderByDirection: 'desc',
      format: 'csv',
    });
    expect(request!.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('lists Doc # and the server columns, unread rows marked, and opens a row', async () => {
    const api = installSessionApi({ handlers: { 'GET /api/documentroute/inbox': () => inbox } });
    const { router } = renderApp('/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Inbox' });
    await within(grid).findByText('Permian Basin Services LLC');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Doc #', 'Icon', 'Type', 'Number', 'From', 'Amount', 'Status', 'Received']);
    const [, first, second] = within(grid).getAllByRole('row');
    expect(first).toHaveClass('document-row--unread');
    expect(within(first!).getByRole('img', { name: 'Unread document' })).toBeInTheDocument();
    expect(within(first!).getByText(/^11\/20\/2026 \d{2}:04:05 [AP]M$/)).toBeInTheDocument();
    expect(within(first!).getByText('$1,234.50')).toBeInTheDocument();
    expect(
      within(first!).getByText('Received', { selector: '.MuiChip-label' }).closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorInfo');
    expect(
      within(second!).getByText('Viewed', { selector: '.MuiChip-label' }).closest('.MuiChip-root'),
    ).toHaveClass('MuiChip-colorSuccess');
    expect(second).not.toHaveClass('document-row--unread');
    expect(
      Object.fromEntries(
        new URLSearchParams(api.find('GET', '/api/documentroute/inbox')[0]!.search),
      ),
    ).toEqual({
      page: '1',
      pageSize: '25',
    });

    await userEvent.click(within(grid).getByText('Run Statement'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/30'));
  });

  it('searches on the server and remembers the text between visits', async () => {
    const api = installSessionApi({ handlers: { 'GET /api/documentroute/inbox': () => inbox } });
    const { router } = renderApp('/inbox');
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'permian');
    await waitFor(() =>
      expect(
        api.find('GET', '/api/documentroute/inbox').map((r) => new URLSearchParams(r.search)),
      ).toContainEqual(new URLSearchParams({ page: '1', pageSize: '25', query: 'permian' })),
    );

    await router.navigate('/');
    await router.navigate('/inbox');
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('permian');
  });
});
