import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldType, PartyType, Role, RouteStatus, UserType } from '@flowline/shared';
import { apiError } from '../../../test/fake-api';
import { buildCompany } from '../../../test/fixtures';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../test/render-app';
import { arInvoicePage } from './test-fixtures';

const vendor = buildCompany({ partyTypeIds: [PartyType.Vendor] });

function installListApi(options: SignedInOptions = {}) {
  return installSessionApi({
    companies: [vendor],
    ...options,
    handlers: {
      'GET /api/documentroute/all/93': () => arInvoicePage,
      'GET /api/documentroute/all/94': () => ({ ...arInvoicePage, rows: [], totalRecords: 0 }),
      'GET /api/documentroute/all/87': () => ({ ...arInvoicePage, rows: [], totalRecords: 0 }),
      ...options.handlers,
    },
  });
}

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openGrid(path: string, title = 'AR Invoices') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 20_000 });
  const grid = await screen.findByRole('grid');
  return { ...view, grid };
}

// DataGrid screens in jsdom are slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });
describe('document list', () => {
  it('shows Doc #, the icon, the type columns formatted by field type and the status', async () => {
    const api = installListApi();
    const { grid } = await openGrid('/documentlist/93');
    await within(grid).findByText('INV-1042');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Doc #',
      'Icon',
      'Invoice Number',
      'Invoice Date',
      'Invoice Total',
      'Connection', // 'Party' is shown as the connection label (spec 3 intro)
      'Status',
    ]);
    const [, first, second, third] = within(grid).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: '12' })).toHaveAttribute(
      'href',
      '/documents/12',
    );
    expect(within(first!).getByText('11/20/2026')).toBeInTheDocument();
    expect(within(first!).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(third!).getByText('$99.00')).toBeInTheDocument();

    // Status chips: red, blue for a missing status (New), green.
    expect(within(first!).getByText('Rejected').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(within(second!).getByText('New').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorInfo',
    );
    expect(within(third!).getByText('Paid').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorSuccess',
    );

    // Unread rows are bold and say so to screen readers.
    expect(first).toHaveClass('document-row--unread');
    expect(within(first!).getByRole('img', { name: 'Unread document' })).toBeInTheDocument();
    expect(second).not.toHaveClass('document-row--unread');
    expect(within(second!).getByRole('img', { name: 'Document' })).toBeInTheDocument();

    const [request] = api.find('GET', '/api/documentroute/all/93');
    expect(params(request!.search)).toEqual({
      page: '1',
      pageSize: '25',
      orderBy: 'id',
      orderByDirection: 'desc',
    });
  });

  it('sorts on the server by any column and opens a row by click or Enter', async () => {
    const api = installListApi();
    const { grid, router } = await openGrid('/documentlist/93');
    await within(grid).findByText('INV-1042');

    await userEvent.click(within(grid).getByRole('columnheader', { name: /Invoice Total/ }));
    await waitFor(() =>
      expect(params(api.find('GET', '/api/documentroute/all/93').at(-1)!.search)).toMatchObject({
        orderBy: 'docTotal',
        orderByDirection: 'asc',
      }),
    );

    fireEvent.keyDown(within(grid).getByText('INV-1040'), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/10'));
  });

  it('opens a document on row click', async () => {
    installListApi();
    const { grid, router } = await openGrid('/documentlist/93');
    await userEvent.click(await within(grid).findByText('INV-1041'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/11'));
  });

  it('shows the AR invoice status tabs, synced with the URL and sent to the server', async () => {
    const api = installListApi();
    const { router } = await openGrid('/documentlist/93');
    const tabs = screen.getByRole('tablist', { name: 'Status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'All',
      'Sent',
      'Received',
      'Approved',
      'Paid',
      'Rejected',
      'Resubmitted',
      'Viewed',
      'On hold',
      'Disputed',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toBe('?documentRouteStatusId=4'));
    await waitFor(() =>
      expect(params(api.find('GET', '/api/documentroute/all/93').at(-1)!.search)).toMatchObject({
        documentRouteStatusId: '4',
      }),
    );

    await userEvent.click(within(tabs).getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('selects the tab of the status in the URL and remembers it for the next visit', async () => {
    installListApi();
    const { router } = await openGrid('/documentlist/93?documentRouteStatusId=5');
    expect(screen.getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true');

    await router.navigate('/inbox');
    await router.navigate('/documentlist/93');
    await waitFor(() => expect(router.state.location.search).toBe('?documentRouteStatusId=5'));
    expect(await screen.findByRole('tab', { name: 'Rejected' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('pending division orders have only New and Returned; other types no tabs', async () => {
    installListApi();
    const view = await openGrid('/documentlist/94', 'Pending Division Orders');
    expect(
      within(screen.getByRole('tablist', { name: 'Status' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'New', 'Returned']);
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();

    await view.router.navigate('/documentlist/87');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Division Orders' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(await screen.findByText('No Division Orders yet.')).toBeInTheDocument();
  });

  it('shows Send for AR invoices to vendor users who change data', async () => {
    installListApi({ user: { roles: [Role.User] } });
    await openGrid('/documentlist/93');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it.each<[string, SignedInOptions]>([
    ['a ReadOnly user', { user: { roles: [Role.ReadOnly], mainRole: Role.ReadOnly } }],
    ['a Global user', { user: { roles: [Role.Administrator], userType: UserType.Global } }],
    [
      'a company that is not a vendor',
      { companies: [buildCompany({ partyTypeIds: [PartyType.Operator, PartyType.Purchaser] })] },
    ],
  ])('hides Send from %s', async (_who, options) => {
    installListApi(options);
    const { grid } = await openGrid('/documentlist/93');
    await within(grid).findByText('INV-1042');
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('shows Page Not found for an id that names no document type (issue 11 item 11)', async () => {
    const api = installListApi();
    for (const path of ['/documentlist/12345', '/documentlist/abc']) {
      const view = renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page Not found' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      view.unmount();
    }
    expect(api.requests.filter((r) => r.path.startsWith('/api/documentroute/all/'))).toEqual([]);
  });

  it('reports a server error in the snackbar with its message', async () => {
    installListApi({
      handlers: {
        'GET /api/documentroute/all/93': () => apiError(500, 'The list is unavailable.'),
      },
    });
    const { snackbarStore } = renderApp('/documentlist/93');
    await waitFor(
      () =>
        expect(snackbarStore.getSnapshot().map((m) => m.message)).toContain(
          'The list is unavailable.',
        ),
      { timeout: 15_000 },
    );
  }, 120_000);
});

describe('bulk Approve (issue 12)', () => {
  const operator = buildCompany({ partyTypeIds: [PartyType.Operator] });
  const received = {
    ...arInvoicePage,
    rows: [
      { ...arInvoicePage.rows[0]!, id: 21, side: 'received' as const, routeStatusId: 2 },
      { ...arInvoicePage.rows[1]!, id: 22, side: 'received' as const, routeStatusId: 10 },
      { ...arInvoicePage.rows[2]!, id: 23, side: 'received' as const, routeStatusId: 4 },
    ],
  };

  it('approves the selected received invoices and reports each refusal', async () => {
    const api = installListApi({
      companies: [operator],
      user: { roles: [Role.User], mainRole: Role.User },
      handlers: {
        'GET /api/documentroute/all/93': () => received,
        'POST /api/documents/approve': () => ({
          approved: [21],
          refused: [
            { documentId: 22, message: 'A document in status Approved cannot be approved.' },
          ],
          message: '1 approved, 1 could not be approved',
        }),
      },
    });
    const { grid } = await openGrid('/documentlist/93');
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    // The paid invoice cannot be selected.
    const boxes = within(grid).getAllByRole('checkbox', { name: /select row/i });
    expect(boxes).toHaveLength(3);
    expect(boxes[2]).toBeDisabled();
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Approve (2)' }));
    await waitFor(() => expect(api.find('POST', '/api/documents/approve')).toHaveLength(1));
    expect(api.find('POST', '/api/documents/approve')[0]?.body).toEqual({ documentIds: [21, 22] });
    expect(
      await screen.findByText(
        '1 approved, 1 could not be approved: A document in status Approved cannot be approved.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no selection to a ReadOnly member or on the sender’s own list', async () => {
    installListApi({
      companies: [operator],
      user: { roles: [Role.ReadOnly], mainRole: Role.ReadOnly },
      handlers: { 'GET /api/documentroute/all/93': () => received },
    });
    const { grid } = await openGrid('/documentlist/93');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(grid).queryAllByRole('checkbox')).toHaveLength(0);
  });
});

describe('document list on a phone (issue 27 item 2)', () => {
  it('keeps each row identifiable: the collapsed values show under Doc # as a two-line card', async () => {
    // The grid's box is 300 px wide: only Doc # and Status fit as columns.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    installListApi();
    const { grid } = await openGrid('/documentlist/93');
    const link = await within(grid).findByRole('link', { name: /^12/ });
    const cell = link.closest('[role="gridcell"]') as HTMLElement;
    await waitFor(() => expect(cell).toHaveTextContent('INV-1042'));
    expect(cell).toHaveTextContent('Invoice Total $1,234.50');
    expect(cell).toHaveTextContent('Connection Red Mesa Operating Co.');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Doc #', 'Status']);
  });
});

describe('returned signed / unsigned (issue 27 item 9)', () => {
  it('shows how each division order came back and filters by it on the server', async () => {
    const returnedPage = {
      columns: [{ name: 'Owner', key: 'docOwnerName', metadataType: { id: FieldType.Text } }],
      rows: [
        {
          ...arInvoicePage.rows[0]!,
          id: 31,
          routeStatusId: RouteStatus.Returned,
          returnKind: 'signed',
          values: ['Hawthorne'],
        },
        {
          ...arInvoicePage.rows[0]!,
          id: 30,
          routeStatusId: RouteStatus.Returned,
          returnKind: 'unsigned',
          values: ['Hawthorne'],
        },
      ],
      totalRecords: 2,
    };
    const api = installListApi({
      handlers: { 'GET /api/documentroute/all/94': () => returnedPage },
    });
    const { grid } = await openGrid('/documentlist/94', 'Pending Division Orders');
    expect(await within(grid).findByText('Returned signed')).toBeInTheDocument();
    expect(within(grid).getByText('Returned unsigned')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Returned' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Returned unsigned' }));
    await waitFor(() =>
      expect(params(api.find('GET', '/api/documentroute/all/94').at(-1)!.search)).toMatchObject({
        returnKind: 'unsigned',
      }),
    );
  });
});
