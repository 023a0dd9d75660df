import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  DocumentTemplate,
  DocumentTypeId,
  type DocumentDto,
  type InvoiceMatchDto,
} from '@flowline/shared';
import { installFakeApi } from '../../test/fake-api';
import { MatchPanel } from './match-panel';

afterEach(() => vi.unstubAllGlobals());

const doc = {
  id: 31,
  side: 'received',
  documentTypeId: DocumentTypeId.ArInvoice,
  documentTypeTemplateId: DocumentTemplate.ArInvoice,
  metadata: [{ metadata: { key: 'docNumber' }, value: 'INV-31' }],
  workflowActions: {
    approve: true,
    reject: true,
    recordPayment: false,
    hold: true,
    releaseHold: false,
    dispute: true,
  },
} as unknown as DocumentDto;

const match: InvoiceMatchDto = {
  documentId: 31,
  verdict: 'exceptions',
  status: 'open',
  touchless: false,
  reasons: ['Line 2: price differs — $96.00 billed, $95.00 in price book v2 (tolerance $0.01)'],
  reasonKinds: ['priceDiffers'],
  lines: [
    {
      lineNumber: 1,
      verdict: 'matched',
      reason: '',
      itemCode: 'HOT-OIL',
      quantity: '4',
      unitPrice: '140.00',
      expectedUnitPrice: '140.00',
      priceBookVersionId: 7,
      priceBookVersionNumber: 2,
      ticketNumbers: ['FT-1001'],
    },
    {
      lineNumber: 2,
      verdict: 'priceDiffers',
      reason: 'Line 2: price differs — $96.00 billed, $95.00 in price book v2 (tolerance $0.01)',
      itemCode: 'VAC-130',
      quantity: '8',
      unitPrice: '96.00',
      expectedUnitPrice: '95.00',
      priceBookVersionId: 7,
      priceBookVersionNumber: 2,
      ticketNumbers: ['FT-1002'],
    },
  ],
  tickets: [
    { documentId: 5, ticketNumber: 'FT-1001' },
    { documentId: 6, ticketNumber: 'FT-1002' },
  ],
  priceBookVersions: [{ id: 7, versionNumber: 2 }],
  expectedTotal: '1320.00',
  matchedAt: '2026-02-10T15:00:00.000Z',
  accepted: null,
};

function renderPanel(d: DocumentDto = doc) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MatchPanel doc={d} />
    </QueryClientProvider>,
  );
}

describe('Three-way match panel', () => {
  it('shows each line with its verdict chip, tickets and book price, open when there are exceptions', async () => {
    installFakeApi({ 'GET /api/documents/31/match': () => match });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Three-way match by line' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Matched')).toBeVisible();
    expect(within(rows[1]!).getByText('FT-1001')).toBeVisible();
    expect(within(rows[2]!).getByText('Price differs')).toBeVisible();
    expect(within(rows[2]!).getByText('$95.00 (v2)')).toBeVisible();
    expect(screen.getByText('Exceptions')).toBeVisible();
    expect(screen.getByText('Tickets FT-1001, FT-1002 · price book v2')).toBeVisible();
    expect(screen.getByText(match.reasons[0]!, { selector: 'li' })).toBeVisible();
  });

  it('accepts the difference with a required comment from the panel', async () => {
    const user = userEvent.setup();
    const accepted: unknown[] = [];
    installFakeApi({
      'GET /api/documents/31/match': () =>
        accepted.length
          ? {
              ...match,
              status: 'accepted',
              accepted: { at: match.matchedAt, userName: 'Pat Clerk', comment: 'Fuel surcharge' },
            }
          : match,
      'POST /api/match/exceptions/31/accept': (req) => {
        accepted.push(req.body);
        return { ...match, status: 'accepted' };
      },
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Accept the difference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the difference INV-31' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByText('Comment is required')).toBeVisible();
    expect(accepted).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Fuel surcharge');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accepted).toEqual([{ comment: 'Fuel surcharge' }]));
    expect(await screen.findByText('Accepted by Pat Clerk: Fuel surcharge')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept the difference' })).toBeNull();
  });

  it('offers no accept to a member who may not work the invoice', async () => {
    installFakeApi({ 'GET /api/documents/31/match': () => match });
    renderPanel({
      ...doc,
      workflowActions: { ...doc.workflowActions, dispute: false, releaseHold: false },
    } as DocumentDto);
    await screen.findByRole('table', { name: 'Three-way match by line' });
    expect(screen.queryByRole('button', { name: 'Accept the difference' })).toBeNull();
  });

  it('shows nothing for the sender or an invoice without a match', async () => {
    const api = installFakeApi({});
    const { container } = renderPanel();
    await vi.waitFor(() => expect(api.requests.length).toBe(1));
    expect(container).toBeEmptyDOMElement();
    renderPanel({ ...doc, side: 'sent' } as DocumentDto);
    expect(api.requests.length).toBe(1);
  });
});
