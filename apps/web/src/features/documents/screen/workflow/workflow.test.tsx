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
import { uploadForm } from '../../../../lib/upload';
import { buildArInvoice, definition, draftValues } from '../test/document-fixtures';

vi.setConfig({ testTimeout: 120_000 });
vi.mock('../viewer/lazy-viewer', () => ({
  // The viewer names the file it shows (pdf.js does not run in jsdom).
  LazyFileViewer: ({ source }: { source: { title: string; file?: Blob } }) => (
    <div data-testid="viewer">
      {source.title}
      {source.file ? ' (chosen file)' : ''}
    </div>
  ),
}));
// XMLHttpRequest (upload progress) is the network boundary of uploads: replaced here.
vi.mock('../../../../lib/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);
afterEach(() => vi.unstubAllGlobals());

const received = (overrides: Partial<DocumentDto> = {}) =>
  buildArInvoice(
    {
      side: 'received',
      routeStatusId: RouteStatus.Viewed,
      routeStatus: { id: RouteStatus.Viewed, name: 'Viewed' },
      isReadOnly: true,
      availableActions: { ...noDocumentActions, close: true },
      workflowActions: {
        approve: true,
        reject: true,
        recordPayment: false,
        hold: false,
        releaseHold: false,
        dispute: false,
      },
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
  it('approves with an optional comment', async () => {
    const doc = received();
    const api = install(doc, {
      [`POST /api/documents/${doc.id}/approve`]: () => ({
        ...doc,
        routeStatusId: RouteStatus.Approved,
      }),
    });
    renderApp(`/documents/${doc.id}`);
    // The first screen of the file loads its lazy modules: slow on a busy machine.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve document' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comment (optional)' }),
      'Matches the field ticket',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/approve`)[0]?.body).toEqual({
        comment: 'Matches the field ticket',
      }),
    );
    expect(await screen.findByText('Document Approved')).toBeInTheDocument();
  });

  it('shows the approval chain and explains a disabled Approve', async () => {
    const doc = received();
    const refusal = 'Step 1 of 3 must be approved first (awaiting approval by Ana Clerk).';
    install(doc, {
      [`GET /api/documents/${doc.id}/approvals`]: () => ({
        policyName: 'Standard',
        hasPolicy: true,
        steps: [
          {
            number: 1,
            approverLabel: 'Ana Clerk',
            approval: {
              userName: 'Ana Clerk',
              at: '2026-11-28T12:00:00.000Z',
              comment: 'Rates match',
              byRule: null,
            },
          },
          { number: 2, approverLabel: 'Ben Manager', approval: null },
          { number: 3, approverLabel: 'any Administrator', approval: null },
        ],
        awaiting: 'Awaiting approval by Ben Manager (step 2 of 3)',
        canApprove: false,
        approveRefusal: refusal,
      }),
    });
    renderApp(`/documents/${doc.id}`);
    const chain = await screen.findByRole('region', { name: 'Approval chain' });
    expect(within(chain).getByRole('status')).toHaveTextContent(
      'Awaiting approval by Ben Manager (step 2 of 3)',
    );
    expect(within(chain).getByText(/Approved by Ana Clerk on/)).toBeInTheDocument();
    expect(within(chain).getByText('“Rates match”')).toBeInTheDocument();
    expect(within(chain).getByText('any Administrator')).toBeInTheDocument();
    const approve = screen.getByRole('button', { name: 'Approve' });
    await waitFor(() => expect(approve).toBeDisabled());
    expect(approve).toHaveAccessibleDescription(refusal);
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
      workflowActions: {
        approve: false,
        reject: false,
        recordPayment: false,
        hold: false,
        releaseHold: false,
        dispute: false,
      },
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
      workflowActions: {
        approve: false,
        reject: true,
        recordPayment: true,
        hold: false,
        releaseHold: false,
        dispute: false,
      },
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

  it('shows the payment terms, the due date and the early-pay discount (issue 29 item 7)', async () => {
    const doc = received({ routeStatusId: RouteStatus.Approved });
    install(doc, {
      'GET /api/payment': () => ({
        items: [],
        paidAmount: 0,
        total: 1250,
        terms: {
          text: '2/10 Net 30',
          dueDate: '2026-02-04',
          discount: { percent: 2, amount: 25, until: '2026-01-15', source: 'terms' },
        },
      }),
    });
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Payments' }));
    const terms = await screen.findByTestId('payment-terms');
    expect(terms).toHaveTextContent('Terms: 2/10 Net 30 · Due 02/04/2026');
    expect(terms).toHaveTextContent(
      'Early-pay discount: 2% ($25.00) if paid by 01/15/2026, by its terms',
    );
  });

  it('names the Early pay agreement as the discount’s source', async () => {
    const doc = received({ routeStatusId: RouteStatus.Approved });
    const terms: PaymentList['terms'] = {
      text: 'Net 30',
      dueDate: null,
      discount: { percent: 1.5, amount: null, until: '2026-01-20', source: 'agreement' },
    };
    install(doc, {
      'GET /api/payment': () => ({ items: [], paidAmount: 0, total: null, terms }),
    });
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'Payments' }));
    expect(await screen.findByTestId('payment-terms')).toHaveTextContent(
      'Terms: Net 30Early-pay discount: 1.5% if paid by 01/20/2026, by the Early pay agreement',
    );
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

describe('Resubmit in one step (issue 27 items 5 and 6)', () => {
  const rejected = (values: Record<string, string | null> = draftValues) =>
    buildArInvoice(
      {
        routeStatusId: RouteStatus.Rejected,
        routeStatus: { id: RouteStatus.Rejected, name: 'Rejected' },
        availableActions: {
          ...noDocumentActions,
          close: true,
          edit: true,
          resubmit: true,
          replaceFile: true,
        },
      },
      values,
    );

  /** What the editable screen reads besides the document. */
  const screenData = (id: number) => ({
    [`GET /api/history/document/${id}/rejectionReason`]: () => ({ reason: 'Wrong total' }),
    [`GET /api/metadata/${definition('docPaymentTerms').id}/lookupvalues`]: () => [],
    'GET /api/party/getByIdWithConnectedOrgUnits/31': () => ({ connectedOrgUnits: [] }),
  });

  it('shows the chosen replacement in the viewer, the original a click away, and sends it with the corrections', async () => {
    const doc = rejected();
    upload.mockResolvedValue({ documentIds: [777] } as never);
    const api = install(doc, {
      ...screenData(doc.id),
      [`POST /api/documents/${doc.id}/resubmit`]: () => ({
        ...doc,
        id: 778,
        routeStatusId: RouteStatus.Sent,
      }),
      'GET /api/documentroute/all/93': () => ({ columns: [], rows: [], totalRecords: 0 }),
    });
    const { router } = renderApp(`/documents/${doc.id}`);
    await screen.findByRole('button', { name: 'Replace file' });
    expect(await screen.findByTestId('viewer')).toHaveTextContent('invoice-1001.pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Replace file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace file' });
    const file = new File(['%PDF-1.4'], 'corrected.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(dialog).getByTestId('file-input'), file);
    expect(await within(dialog).findByText('corrected.pdf')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this file' }));

    // The viewer shows what will be sent; the original is one click away.
    await waitFor(() =>
      expect(screen.getByTestId('viewer')).toHaveTextContent('corrected.pdf (chosen file)'),
    );
    expect(screen.getByText(/Replacement file: corrected\.pdf/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Show original' }));
    expect(screen.getByTestId('viewer')).toHaveTextContent('invoice-1001.pdf');
    await userEvent.click(screen.getByRole('button', { name: 'Show replacement' }));
    expect(screen.getByTestId('viewer')).toHaveTextContent('corrected.pdf');

    // A corrected field, then Resubmit: one call with the replacement and the correction.
    const total = screen.getByRole('textbox', { name: /Invoice Total/ });
    await userEvent.clear(total);
    await userEvent.type(total, '1200');
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(() =>
      expect(api.find('POST', `/api/documents/${doc.id}/resubmit`)).toHaveLength(1),
    );
    const call = api.find('POST', `/api/documents/${doc.id}/resubmit`)[0]!;
    expect(call.search).toContain('newVersion=777');
    expect(call.body).toEqual({
      metadata: [{ metadataDefinitionId: definition('docTotal').id, value: '1200.00' }],
    });
    expect(api.find('PUT', `/api/documents/${doc.id}/metadata`)).toHaveLength(0);
    expect(
      await screen.findByText('The corrected version was sent', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/documentlist/93'));
  });

  it('validates like Send before resubmitting and sends nothing while fields are missing', async () => {
    const doc = rejected({ ...draftValues, docServiceDate: null });
    const api = install(doc, {
      ...screenData(doc.id),
    });
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Resubmit' }));
    expect(await screen.findByText('Field Service Date is required')).toBeInTheDocument();
    expect(api.find('POST', `/api/documents/${doc.id}/resubmit`)).toHaveLength(0);
  });
});
