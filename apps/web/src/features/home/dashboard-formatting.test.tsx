import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DocumentTypeId, FieldType, PartyType } from '@flowline/shared';
import { buildCompany } from '../../test/fixtures';
import { installFakeApi } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';
import type { DateFormatter } from '../preferences';
import { formatMetadataValue } from '../documents/list';
import { DailyDocumentsChart, InvoicesSentChart, PaymentStatusChart } from './dashboard-charts';
import { axisTicks } from './chart-geometry';

afterEach(() => vi.unstubAllGlobals());

const dates = { formatDate: (v: unknown) => String(v) } as unknown as DateFormatter;

describe('years are not grouped numbers', () => {
  it('shows a Tax Year as typed, other numbers grouped', () => {
    expect(formatMetadataValue('2025', FieldType.Numeric, dates, 'docTaxYear')).toBe('2025');
    expect(formatMetadataValue('2025', FieldType.Numeric, dates, 'docFiscalYear')).toBe('2025');
    expect(formatMetadataValue('2025', FieldType.Numeric, dates, 'docQuantity')).toBe('2,025');
    expect(formatMetadataValue('2025', FieldType.Numeric, dates)).toBe('2,025');
  });

  it('lists a 1099 with its Tax Year as 2025', async () => {
    installSessionApi({
      companies: [buildCompany({ partyTypeIds: [PartyType.Owner] })],
      handlers: {
        'GET /api/users/current/personalization': () => ({
          dateFormat: 'MM/dd/yyyy',
          receiveEmails: true,
        }),
        [`GET /api/documentroute/all/${DocumentTypeId.Form1099}`]: () => ({
          columns: [
            { key: 'docTaxYear', name: 'Tax Year', metadataType: { id: FieldType.Numeric } },
          ],
          rows: [
            {
              id: 31,
              documentTypeId: 96,
              routeStatusId: 2,
              isRead: true,
              side: 'received',
              values: ['2025'],
            },
          ],
          totalRecords: 1,
        }),
        'GET /api/documentstatus/counts': () => ({ items: [] }),
      },
    });
    renderApp(`/documentlist/${DocumentTypeId.Form1099}`);
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('2025')).toBeInTheDocument();
    expect(within(grid).queryByText('2,025')).not.toBeInTheDocument();
  });
});

describe('Rejected AR Invoices', () => {
  it("shows dates in the user's date format and amounts as dollars", async () => {
    installSessionApi({
      companies: [buildCompany({ partyTypeIds: [PartyType.Vendor] })],
      handlers: {
        'GET /api/party/grid/search': () => ({ items: [], totalRecords: 2 }),
        'GET /api/users/current/personalization': () => ({
          dateFormat: 'dd/MM/yyyy',
          receiveEmails: true,
        }),
        'GET /api/documentroute/stats': () => ({
          documentsByMonth: [],
          documentsByDocType: [],
          statusCounts: [],
        }),
        'GET /api/documentstatus': () => ({
          columns: [
            { key: 'docNumber', name: 'Invoice Number', metadataType: { id: FieldType.Text } },
            { key: 'docInvoiceDate', name: 'Invoice Date', metadataType: { id: FieldType.Date } },
            { key: 'docTotal', name: 'Total', metadataType: { id: FieldType.Currency } },
          ],
          rows: [
            {
              id: 4,
              documentTypeId: DocumentTypeId.ArInvoice,
              routeStatusId: 5,
              isRead: true,
              side: 'sent',
              values: ['INV-4', '2026-10-20', '2500.75'],
            },
          ],
          totalRecords: 1,
        }),
      },
    });
    renderApp('/');
    const widget = await screen.findByRole('region', { name: 'Rejected AR Invoices' });
    expect(await within(widget).findByRole('cell', { name: '20/10/2026' })).toBeInTheDocument();
    expect(within(widget).getByRole('cell', { name: '$2,500.75' })).toBeInTheDocument();
    expect(within(widget).getByRole('cell', { name: 'INV-4' })).toBeInTheDocument();
  });
});

/** Gives the chart's box a width, as a browser would. */
function stubResizeObserver(width: number, height: number) {
  class SizedResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ target, contentRect: { width, height } } as unknown as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width, height }),
  );
}

const statusCounts = [
  ['Sent', 4],
  ['Received', 3],
  ['Approved', 2],
  ['Paid', 6],
  ['Rejected', 1],
  ['Resubmitted', 2],
  ['New', 1],
].map(([name, count], i) => ({ status: { id: i + 1, name: String(name) }, count: Number(count) }));

function renderChart() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaymentStatusChart data={statusCounts} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Payment Status chart', () => {
  beforeEach(() => installFakeApi({}));
  afterEach(() => vi.restoreAllMocks());

  it('keeps its height and draws once the browser has laid its box out, without measuring itself', () => {
    let report: ((width: number) => void) | null = null;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          report = (width) =>
            this.callback(
              [{ target, contentRect: { width, height: 300 } } as unknown as ResizeObserverEntry],
              this as unknown as ResizeObserver,
            );
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const measure = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const { container } = renderChart();
    expect(screen.queryByRole('group', { name: 'AR invoices by payment status' })).toBeNull();
    // Seven statuses of 36 px and the margins: the drawn chart's height, kept while it waits.
    expect((container.firstElementChild as HTMLElement).style.height).toBe('268px');
    act(() => report!(412));
    expect(screen.getByRole('group', { name: 'AR invoices by payment status' })).toHaveAttribute(
      'width',
      '412',
    );
    expect(measure).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it.each([
    ['a laptop', 560],
    ['a phone', 330],
  ])('names every status, with its count, on %s', (_device, width) => {
    stubResizeObserver(width, 300);
    renderChart();
    const chart = screen.getByRole('group', { name: 'AR invoices by payment status' });
    const bars = within(chart).getAllByRole('link');
    // Each bar is a link named by the status and count written beside it; its title (the
    // pointer's tooltip) says what is counted.
    expect(bars).toHaveLength(7);
    for (const name of [
      'Sent 4',
      'Received 3',
      'Approved 2',
      'Paid 6',
      'Rejected 1',
      'Resubmitted 2',
      'New 1',
    ])
      expect(within(chart).getByRole('link', { name })).toBeInTheDocument();
    expect(bars[0]?.querySelector('title')).toHaveTextContent('Sent: 4 AR invoices');
    // Every status name is written beside its bar and every count after it.
    for (const text of ['Sent', 'New', 'Resubmitted', '6', '4'])
      expect(within(chart).getByText(text)).toBeInTheDocument();
    expect(chart).toHaveAttribute('width', String(width));
  });

  it('opens the AR invoice list of a status on click, Enter and Space', async () => {
    stubResizeObserver(560, 300);
    const client = new QueryClient();
    const router = createMemoryRouter(
      [
        { path: '/', element: <PaymentStatusChart data={statusCounts} /> },
        { path: '/documentlist/:id', element: <p>list</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Paid 6' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/documentlist/${DocumentTypeId.ArInvoice}?documentRouteStatusId=4`,
    );
    await router.navigate('/');
    const rejected = await screen.findByRole('link', { name: 'Rejected 1' });
    rejected.focus();
    fireEvent.keyDown(rejected, { key: 'Enter' });
    expect(router.state.location.search).toBe('?documentRouteStatusId=5');
    await router.navigate('/');
    fireEvent.keyDown(await screen.findByRole('link', { name: 'New 1' }), {
      key: ' ',
    });
    expect(router.state.location.search).toBe('?documentRouteStatusId=7');
  });
});

describe('the line and stacked bar charts', () => {
  it('describe their values for screen readers', () => {
    render(
      <>
        <InvoicesSentChart
          data={[
            { month: '2026-10-01T00:00', count: 2 },
            { month: '2026-11-01T00:00', count: 5 },
          ]}
        />
        <DailyDocumentsChart
          data={[
            {
              day: '2026-11-02T00:00',
              divisionOrderCount: 1,
              _1099Count: 0,
              runStatementCount: 3,
              ownerStatementCount: 0,
            },
            {
              day: '2026-11-03T00:00',
              divisionOrderCount: 0,
              _1099Count: 0,
              runStatementCount: 0,
              ownerStatementCount: 0,
            },
          ]}
          series={['divisionOrderCount', 'runStatementCount']}
        />
      </>,
    );
    expect(
      screen.getByRole('img', { name: 'AR invoices sent per month. Oct 2026: 2, Nov 2026: 5' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Documents per day. Nov 2: Division Orders 1, Run Statements 3',
      }),
    ).toBeInTheDocument();
    // The legend names the series shown, and only those.
    expect(screen.getByText('Division Orders')).toBeInTheDocument();
    expect(screen.getByText('Run Statements')).toBeInTheDocument();
    expect(screen.queryByText('1099s')).toBeNull();
  });

  it('use whole numbers on the axis (step size 1)', () => {
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(12)).toEqual([0, 5, 10, 15]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
  });
});
