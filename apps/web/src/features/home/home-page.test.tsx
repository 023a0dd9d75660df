import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { PartyType } from '@flowline/shared';
import { buildCompany } from '../../test/fixtures';
import { installSessionApi, renderApp } from '../../test/render-app';
import { GETTING_STARTED } from './home-page';

afterEach(() => vi.unstubAllGlobals());

const connections = (total: number) => ({
  'GET /api/party/grid/search': () => ({ items: [], totalRecords: total }),
});
const emptyResultSet = { columns: [], rows: [], totalRecords: 0 };
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
