import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { PartyType } from '@flowline/shared';
import { buildCompany } from '../../test/fixtures';
import { installSessionApi, renderApp } from '../../test/render-app';
import { startSession } from '../../app/session/start-session';
import { createQueryClient } from '../../app/query-client';
import { dashboardKeys, dashboardQueries } from './api';
import { GETTING_STARTED } from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const connections = (total: number) => ({
  'GET /api/party/grid/search': () => ({ items: [], totalRecords: total }),
});
const emptyResultSet = { columns: [], rows: [], totalRecords: 0 };
const bucket = (amount: number, count: number) => ({ amount, count });
const expectedCash = {
  asOf: '2026-11-26',
  overdue: bucket(2050, 2),
  weeks: [
    { weekStart: '2026-11-26', weekEnd: '2026-11-29', ...bucket(1600, 2) },
    { weekStart: '2026-11-30', weekEnd: '2026-12-06', ...bucket(0, 0) },
    { weekStart: '2026-12-07', weekEnd: '2026-12-13', ...bucket(1233.33, 2) },
  ],
  later: bucket(500, 1),
  total: bucket(5383.33, 7),
};
const discountSummary = {
  asOf: '2026-11-26',
  since: '2025-11-26',
  captured: bucket(18.52, 1),
  missed: bucket(39, 3),
  available: bucket(25, 1),
};
const perDay = { items: [] };

describe('Home', () => {
  it('tells a company without connections how to get started', async () => {
    installSessionApi({ handlers: connections(0) });
    renderApp('/');
    expect(await screen.findByText(GETTING_STARTED)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'AR Invoices Sent' })).not.toBeInTheDocument();
  });

  it('shows the vendor widgets, and the empty rejected-invoices text', async () => {
    const api = installSessionApi({
      companies: [buildCompany({ partyTypeIds: [PartyType.Vendor] })],
      handlers: {
        ...connections(2),
        'GET /api/documentroute/stats': () => ({
          documentsByMonth: [{ month: '2026-11-01T00:00', count: 3 }],
          documentsByDocType: [],
          statusCounts: [{ status: { id: 1, name: 'Sent' }, count: 3 }],
        }),
        'GET /api/documentstatus': () => emptyResultSet,
      },
    });
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'AR Invoices Sent' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment Status' })).toBeInTheDocument();
    expect(await screen.findByText('You have no rejected invoices')).toBeInTheDocument();
    expect(api.find('GET', '/api/documentstatus')[0]!.search).toContain('documentRouteStatusId=5');
    expect(screen.queryByRole('region', { name: 'Unsigned Division Orders' })).toBeNull();
  });

  it('shows the owner widgets with received documents and unsigned division orders', async () => {
    installSessionApi({
      companies: [buildCompany({ partyTypeIds: [PartyType.Owner] })],
      handlers: {
        ...connections(1),
        'GET /api/documentroute/ownerDocReceivedCounts': () => perDay,
        'GET /api/documentroute/ownerDocSentCounts': () => perDay,
        'GET /api/documentroute/notReturnedDOs': () => ({
          columns: [{ key: 'docOwnerName', name: 'Owner', metadataType: { id: 18 } }],
          rows: [
            {
              id: 77,
              documentTypeId: 94,
              routeStatusId: 2,
              isRead: false,
              side: 'received',
              values: ['Ada'],
            },
          ],
          totalRecords: 1,
        }),
      },
    });
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Owner Documents Received' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Division Orders Returned' })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment Status' })).toBeNull();
  });
});

/** Every dashboard route answering an empty set; each call is recorded by the fake server. */
const dashboardRoutes = {
  'GET /api/documentroute/stats': () => ({
    documentsByMonth: [],
    documentsByDocType: [],
    statusCounts: [],
  }),
  'GET /api/documentstatus': () => emptyResultSet,
  'GET /api/documentroute/notReturnedDOs': () => emptyResultSet,
  'GET /api/documentroute/ownerDocReceivedCounts': () => perDay,
  'GET /api/documentroute/ownerDocSentCounts': () => perDay,
  'GET /api/payments/expectedCash': () => expectedCash,
  'GET /api/payments/discountSummary': () => discountSummary,
};
const dashboardPaths = Object.keys(dashboardRoutes).map((key) => key.slice('GET '.length));
const key = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

describe('the payment cards (issue 29 item 7)', () => {
  it('shows the vendor its expected cash by week and the payer its discounts', async () => {
    const api = installSessionApi({
      companies: [buildCompany({ partyTypeIds: [PartyType.Vendor, PartyType.Operator] })],
      handlers: { ...connections(1), ...dashboardRoutes },
    });
    renderApp('/');
    // The card's code loads after the first paint: its placeholder region is replaced.
    expect(await screen.findByText('$5,383.33 open in 7 invoices')).toBeVisible();
    const cash = screen.getByRole('region', { name: 'Expected Cash' });
    expect(within(cash).getByText('$5,383.33 open in 7 invoices')).toBeVisible();
    const table = within(cash).getByRole('table', { name: 'Expected cash by week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Overdue$2,050.00 (2)',
      'This week$1,600.00 (2)',
      'Week of 11/30/2026$0.00',
      'Week of 12/07/2026$1,233.33 (2)',
      'Later$500.00 (1)',
    ]);
    expect(api.find('GET', '/api/payments/expectedCash')[0]!.search).toContain('weeks=8');

    expect(await screen.findByText('Since 11/26/2025')).toBeVisible();
    const discounts = screen.getByRole('region', { name: 'Early-Pay Discounts' });
    expect(within(discounts).getByText('Since 11/26/2025')).toBeVisible();
    const figure = (label: string) =>
      within(discounts).getByText(label).nextElementSibling?.textContent;
    expect(figure('Captured')).toBe('$18.52 (1 invoice)');
    expect(figure('Missed')).toBe('$39.00 (3 invoices)');
    expect(figure('Available now')).toBe('$25.00 (1 invoice)');
  });

  it('says so when the vendor has no open invoices; a vendor alone sees no discounts card', async () => {
    installSessionApi({
      companies: [buildCompany({ partyTypeIds: [PartyType.Vendor] })],
      handlers: {
        ...connections(1),
        ...dashboardRoutes,
        'GET /api/payments/expectedCash': () => ({
          ...expectedCash,
          overdue: bucket(0, 0),
          weeks: [],
          later: bucket(0, 0),
          total: bucket(0, 0),
        }),
      },
    });
    renderApp('/');
    expect(await screen.findByText('You have no open invoices')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Early-Pay Discounts' })).toBeNull();
  });
});

describe("Home's data, asked for with the session start (issue 16 item 4)", () => {
  const partyTypeSets = [
    [PartyType.Vendor],
    [PartyType.Owner],
    [PartyType.Operator],
    [PartyType.Owner, PartyType.Operator],
    [PartyType.Vendor, PartyType.Owner, PartyType.Operator],
  ];

  it.each(partyTypeSets.map((ids) => [ids]))(
    'is exactly what the widgets show, each asked for once (party types %j)',
    async (partyTypeIds) => {
      // The app's own query client, as its provider mounts it.
      const mount = vi.spyOn(QueryClient.prototype, 'mount');
      const api = installSessionApi({
        companies: [buildCompany({ partyTypeIds })],
        handlers: { ...connections(1), ...dashboardRoutes },
      });
      renderApp('/');
      await screen.findByRole('heading', { name: 'Home', level: 1 });
      const expected = dashboardQueries(partyTypeIds).map((q) => key(q.queryKey));
      const dashboard = () =>
        (mount.mock.contexts.at(-1) as QueryClient)
          .getQueryCache()
          .findAll({ queryKey: dashboardKeys.all })
          .filter((q) => key(q.queryKey) !== key(dashboardKeys.hasConnections()));
      await waitFor(() =>
        expect(dashboard().every((q) => q.state.status === 'success')).toBe(true),
      );
      // Asked for: what the prefetch names; shown: the queries the mounted widgets observe.
      expect(
        dashboard()
          .map((q) => key(q.queryKey))
          .sort(),
      ).toEqual([...new Set(expected)].sort());
      // The cards below the first ones mount after the first paint (LaterWidget).
      await waitFor(() =>
        expect(
          dashboard()
            .filter((q) => q.getObserversCount() > 0)
            .map((q) => key(q.queryKey))
            .sort(),
        ).toEqual([...new Set(expected)].sort()),
      );
      for (const path of dashboardPaths)
        expect(api.find('GET', path).length).toBeLessThanOrEqual(1);
    },
  );

  it('goes out before Home has rendered, when the app opens at `/`', async () => {
    const api = installSessionApi({
      companies: [buildCompany({ partyTypeIds: [PartyType.Vendor] })],
      handlers: { ...connections(1), ...dashboardRoutes },
    });
    window.localStorage.clear();
    const queryClient = createQueryClient(() => undefined);
    expect((await startSession(queryClient, '/')).kind).toBe('ready');
    expect(api.find('GET', '/api/documentroute/stats')).toHaveLength(1);
    expect(api.find('GET', '/api/documentstatus')).toHaveLength(1);
    expect(api.find('GET', '/api/documentroute/notReturnedDOs')).toHaveLength(0);
  });

  it('is not asked for when the app opens at another page, or without connections', async () => {
    for (const [path, total] of [
      ['/documents/arinvoice', 1],
      ['/', 0],
    ] as const) {
      const api = installSessionApi({
        companies: [buildCompany({ partyTypeIds: [PartyType.Vendor, PartyType.Owner] })],
        handlers: { ...connections(total), ...dashboardRoutes },
      });
      await startSession(
        createQueryClient(() => undefined),
        path,
      );
      for (const route of dashboardPaths) expect(api.find('GET', route)).toHaveLength(0);
      vi.unstubAllGlobals();
    }
  });
});
