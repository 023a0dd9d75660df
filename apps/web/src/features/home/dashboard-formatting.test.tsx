import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DocumentTypeId, FieldType, PartyType } from '@flowline/shared';
import { buildCompany } from '../../test/fixtures';
import { installFakeApi } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';
import type { DateFormatter } from '../preferences';
import { formatMetadataValue } from '../documents/list';
import { PaymentStatusChart } from './dashboard-charts';

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

/** Gives the chart's responsive container a size, as a browser would. */
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
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
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

  it.each([
    ['a laptop', 560],
    ['a phone', 330],
  ])('names every status on %s', async (_device, width) => {
    stubResizeObserver(width, 300);
    const { container } = renderChart();
    await waitFor(() =>
      expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(7),
    );
    const ticks = [
      ...container.querySelectorAll('text.recharts-cartesian-axis-tick-value[orientation="left"]'),
    ];
    expect(ticks.map((t) => t.textContent)).toEqual([
      'Sent',
      'Received',
      'Approved',
      'Paid',
      'Rejected',
      'Resubmitted',
      'New',
    ]);
  });

  it('shows the count of a bar in a tooltip', async () => {
    stubResizeObserver(560, 300);
    const { container } = renderChart();
    await waitFor(() =>
      expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(7),
    );
    const surface = container.querySelector('.recharts-wrapper') as HTMLElement;
    fireEvent.mouseMove(surface, { clientX: 300, clientY: 60 });
    const tooltip = await waitFor(() => {
      const t = container.querySelector('.recharts-tooltip-wrapper');
      expect(t).toHaveTextContent(/AR invoices/);
      return t as HTMLElement;
    });
    expect(tooltip).toHaveTextContent(/Received|Sent|Approved/);
  });
});
