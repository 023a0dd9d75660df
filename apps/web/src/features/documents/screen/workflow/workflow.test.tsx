import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RouteStatus,
  noDocumentActions,
  type DocumentDto,
  type PaymentList,
} from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../../test/render-app';
import { buildArInvoice, draftValues } from '../test/document-fixtures';

vi.setConfig({ testTimeout: 30_000 });
vi.mock('../viewer/lazy-viewer', () => ({
  LazyFileViewer: () => <div data-testid="viewer" />,
}));
afterEach(() => vi.unstubAllGlobals());

const received = (overrides: Partial<DocumentDto> = {}) =>
  buildArInvoice(
    {
      side: 'received',
      routeStatusId: RouteStatus.Viewed,
      routeStatus: { id: RouteStatus.Viewed, name: 'Viewed' },
      isReadOnly: true,
      availableActions: { ...noDocumentActions, close: true },
      workflowActions: { approve: true, reject: true, recordPayment: false },
      ...overrides,
    },
    draftValues,
  );

function install(doc: DocumentDto, handlers: SignedInOptions['handlers'] = {}) {
  return installSessionApi({
    handlers: {
      [`GET /api/documents/${doc.id}`]: () => doc,
      [`GET /api/documentAttachments/document/${doc.id}`]: () => [],
      [`GET /api/history/document/${doc.id}`]: () => [],
      [`GET /api/documents/${doc.id}/versions`]: () => [],
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      ...handlers,
    },
  });
}

describe('the receiver’s workflow on the document screen', () => {
  it('approves', async () => {
    const doc = received();
    const api = install(doc, {
      [`POST /api/documents/${doc.id}/approve`]: () => ({
        ...doc,
        routeStatusId: RouteStatus.Approved,
      }),
    });
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/approve`)).toHaveLength(1),
    );
    expect(await screen.findByText('Document Approved')).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    const doc = received();
    const api = install(doc, {
      [`POST /api/documents/${doc.id}/reject`]: () => ({
        ...doc,
        routeStatusId: RouteStatus.Rejected,
      }),
    });
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject document' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(api.find('POST', `/api/documents/${doc.id}/reject`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'PO missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/reject`)[0]?.body).toEqual({
        reason: 'PO missing',
      }),
    );
  });

  it('shows no workflow buttons when the table allows none (the sender, a ReadOnly member)', async () => {
    const doc = received({
      workflowActions: { approve: false, reject: false, recordPayment: false },
    });
    install(doc);
    renderApp(`/documents/${doc.id}`);
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('lists payments and adds one once the amount is valid', async () => {
    let list: PaymentList = { items: [], paidAmount: 0, total: 1250 };
    const doc = received({
      routeStatusId: RouteStatus.Approved,
      workflowActions: { approve: false, reject: true, recordPayment: true },
    });
    const api = install(doc, {
      'GET /api/payment': () => list,
      'POST /api/payment': () => {
        list = {
          items: [
            {
              id: 1,
              documentId: doc.id,
              amount: 1250,
              checkNumber: '5521',
              description: null,
              isCancellation: false,
              transactionDate: '2026-11-20',
              paymentId: null,
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
          paidAmount: 1250,
          total: 1250,
        };
        return Response.json(list, { status: 201 });
      },
    });
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Payments' }));
    expect(await screen.findByText('Paid $0.00 of $1,250.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await userEvent.type(amount, 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Amount must be numeric')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,250.00');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Check Number' }), '5521');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.find('POST', '/api/payment')).toHaveLength(1));
    expect(api.find('POST', '/api/payment')[0]?.body).toMatchObject({
      documentId: doc.id,
      amount: '1250.00',
      checkNumber: '5521',
    });
    expect(await screen.findByText('Paid $1,250.00 of $1,250.00')).toBeInTheDocument();
  });

  it('has no Payments tab for documents other than AR invoices', async () => {
    const doc = received({ hasPayments: false });
    install(doc);
    renderApp(`/documents/${doc.id}`);
    expect(await screen.findByRole('tab', { name: 'Attachments' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Payments' })).not.toBeInTheDocument();
  });
});

describe('possible duplicates (issue 12 item 7)', () => {
  it('warns on the screen and sends only after "Send anyway"', async () => {
    const { buildArInvoice: build, allActions } = await import('../test/document-fixtures');
    const doc = build({
      availableActions: allActions,
      possibleDuplicates: [
        {
          documentId: 400,
          number: 'INV-1001',
          sentAt: '2026-10-02T12:00:00.000Z',
          reason: 'sameNumber',
        },
      ],
    });
    const api = install(doc, {
      [`PUT /api/documents/${doc.id}/publish`]: () => ({ ...doc, routeStatusId: RouteStatus.Sent }),
      'GET /api/documentroute/all/93': () => ({ columns: [], rows: [], totalRecords: 0 }),
    });
    renderApp(`/documents/${doc.id}`);
    expect(
      await screen.findByText(/This looks like invoice INV-1001 sent on 10\/02\/2026\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Possible duplicate' });
    expect(api.find('PUT', `/api/documents/${doc.id}/publish`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() =>
      expect(api.find('PUT', `/api/documents/${doc.id}/publish`)).toHaveLength(1),
    );
    expect(api.find('PUT', `/api/documents/${doc.id}/publish`)[0]?.body).toMatchObject({
      confirmDuplicate: true,
    });
  });
});
