import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  RouteStatus,
  Role,
  UserType,
  availableDocumentActions,
  noDocumentActions,
  type ConnectionWithOrgUnits,
  type DocumentAttachment,
  type DocumentDto,
  type SaveDocumentRequest,
} from '@flowline/shared';
import { apiError } from '../../../test/fake-api';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../test/render-app';
import {
  allActions,
  buildArInvoice,
  definition,
  draftValues,
  historyEntry,
} from './test/document-fixtures';

// A whole screen with MUI pickers renders slowly on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

// pdf.js needs a real browser (canvas, workers): the viewer is covered by the browser journey.
vi.mock('./viewer/lazy-viewer', () => ({
  LazyFileViewer: ({ source }: { source: { title: string } }) => (
    <div data-testid="viewer">{source.title}</div>
  ),
}));

function installDocumentApi(doc: DocumentDto, handlers: SignedInOptions['handlers'] = {}) {
  return installSessionApi({
    handlers: {
      [`GET /api/documents/${doc.id}`]: () => doc,
      [`GET /api/documentAttachments/document/${doc.id}`]: () => [],
      [`GET /api/history/document/${doc.id}`]: () => [],
      [`GET /api/documents/${doc.id}/versions`]: () => [],
      [`GET /api/metadata/${definition('docPaymentTerms').id}/lookupvalues`]: () => [
        { id: 1, lookupValue: 'Net 30' },
      ],
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      'GET /api/party/getByIdWithConnectedOrgUnits/31': () => purchaser,
      ...handlers,
    },
  });
}

const purchaser: ConnectionWithOrgUnits = {
  id: 31,
  partyTypeId: 5,
  partyTypeName: 'Purchaser',
  name: 'Red Mesa Operating Co.',
  nameTwo: null,
  number: 'RM-1',
  externalSystem: null,
  externalSystemId: null,
  achRoutingTransitNumber: null,
  wireRoutingTransitNumber: null,
  effectiveFromDate: null,
  effectiveThruDate: null,
  emails: ['ap@redmesa.example'],
  phone: null,
  ext: null,
  cell: null,
  addressLineOne: null,
  addressLineTwo: null,
  addressLineThree: null,
  country: null,
  state: null,
  city: null,
  zipCode: null,
  altAddressLineOne: null,
  altAddressLineTwo: null,
  altAddressLineThree: null,
  altCountry: null,
  altState: null,
  altCity: null,
  altZipCode: null,
  isActive: true,
  taxTypeId: null,
  taxIdentifier: null,
  isTaxValid: false,
  isInviteSent: false,
  isDisconnected: false,
  inviteEmailAddress: null,
  connectedCompanyId: 2,
  suggestedCompanyId: null,
  partyStatus: 'connected',
  companyOrgUnitIds: [4],
  companyOrgUnits: [{ id: 4, name: 'Midland Office' }],
  connectedOrgUnits: { '4': 'Midland Office' },
};

const field = (name: string) => screen.findByRole('textbox', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('opening a document', () => {
  it('shows the heading, status, tabs and viewer, and marks the document read', async () => {
    const api = installDocumentApi(buildArInvoice());
    renderApp('/documents/501');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'AR Invoice' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Doc # 501')).toBeInTheDocument();
    expect(screen.getByLabelText('Status: New')).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Document sections' }));
    expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Metadata',
      'Audit History',
      'Versions',
      'Attachments',
      'Payments',
    ]);
    expect(screen.getByTestId('viewer')).toHaveTextContent('invoice-1001.pdf');
    const [get] = api.find('GET', '/api/documents/501');
    expect(new URLSearchParams(get!.search).get('setDocAsViewed')).toBe('true');
    // Spec 2 §2.1: no navigation on the Document route.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says a missing or foreign document is no longer available', async () => {
    installSessionApi({
      handlers: { 'GET /api/documents/77': () => apiError(404, 'Document not found') },
    });
    renderApp('/documents/77');
    expect(await screen.findByText('The document is no longer available')).toBeInTheDocument();
  });

  it('says an id that cannot be a document is not available, never the validator text (issue 11 item 11)', async () => {
    const api = installSessionApi({
      handlers: {
        'GET /api/documents/123': () =>
          apiError(400, 'Too big: expected number to be <=2147483647', 'validation_failed'),
      },
    });
    for (const path of ['/documents/99999999999', '/documents/12abc', '/documents/123']) {
      const view = renderApp(path);
      expect(await screen.findByText('The document is no longer available')).toBeInTheDocument();
      expect(screen.queryByText(/Too big/)).not.toBeInTheDocument();
      view.unmount();
    }
    expect(api.find('GET', '/api/documents/99999999999')).toHaveLength(0);
  });

  it('shows the rejection reason of a rejected document', async () => {
    const doc = buildArInvoice({
      routeStatusId: RouteStatus.Rejected,
      routeStatus: { id: RouteStatus.Rejected, name: 'Rejected' },
      isReadOnly: false,
    });
    installDocumentApi(doc, {
      'GET /api/history/document/501/rejectionReason': () => ({ reason: 'Wrong PO number' }),
    });
    renderApp('/documents/501');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Rejection Reason')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Wrong PO number');
  });
});

describe('metadata fields', () => {
  it('masks dates from the user format and refuses impossible ones', async () => {
    const api = installDocumentApi(buildArInvoice({}, { ...draftValues, docInvoiceDate: null }));
    renderApp('/documents/501');
    const date = await field('Invoice Date');
    expect(date).toHaveAttribute('placeholder', 'MM/dd/yyyy');
    await userEvent.type(date, '02302026');
    expect(date).toHaveValue('02/30/2026');
    await userEvent.tab();
    expect(await screen.findByText('Enter a valid date')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct the highlighted fields')).toBeInTheDocument();
    expect(api.find('PUT', '/api/documents/501/metadata')).toHaveLength(0);

    await userEvent.clear(date);
    await userEvent.type(date, '02282026');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByText('Enter a valid date')).not.toBeInTheDocument());
  });

  it('takes numbers only in currency fields and formats them on blur', async () => {
    installDocumentApi(buildArInvoice({}, { ...draftValues, docTotal: null }));
    renderApp('/documents/501');
    const total = await field('Invoice Total');
    await userEvent.type(total, '12a34.5x');
    expect(total).toHaveValue('1234.5');
    await userEvent.tab();
    expect(total).toHaveValue('1,234.50');
    // Editing a formatted amount: the separators go as soon as the user types.
    await userEvent.click(total);
    expect(total).toHaveValue('1,234.50');
    await userEvent.type(total, '9');
    expect(total).toHaveValue('1234.509');
  });

  it('converts pasted text in number fields to a number or nothing', async () => {
    installDocumentApi(buildArInvoice({}, { ...draftValues, docTotal: null }));
    renderApp('/documents/501');
    const total = await field('Invoice Total');
    await userEvent.click(total);
    await userEvent.paste('$2,500.75');
    expect(total).toHaveValue('2500.75');
    await userEvent.clear(total);
    await userEvent.paste('Net 30');
    expect(total).toHaveValue('');
  });

  it('replaces the selection with the pasted number (issue 11 item 8)', async () => {
    const decimal = {
      ...definition('docPONumber'),
      id: 9001,
      key: 'docDecimalInterest',
      name: 'Decimal Interest',
      metadataType: { id: 2, name: 'Numeric' },
    };
    const doc = buildArInvoice();
    doc.metadata.push({
      metadata: decimal,
      value: '0.01250000',
      highlight: false,
      autoExtracted: false,
      allowedValues: null,
      lookupValue: null,
      party: null,
    });
    installDocumentApi(doc);
    renderApp('/documents/501');
    const interest = await field('Decimal Interest');
    expect(interest).toHaveValue('0.01250000');
    await userEvent.tripleClick(interest);
    await userEvent.paste('$2,500.75');
    expect(interest).toHaveValue('2500.75');
    // Part of the value selected: only that part is replaced.
    (interest as HTMLInputElement).setSelectionRange(0, 4);
    await userEvent.paste('99');
    expect(interest).toHaveValue('99.75');

    const total = await field('Invoice Total');
    expect(total).toHaveValue('1,250.00');
    await userEvent.tripleClick(total);
    await userEvent.paste('$2,500.75');
    expect(total).toHaveValue('2500.75');
    await userEvent.tab();
    expect(total).toHaveValue('2,500.75');
    await userEvent.tripleClick(total);
    await userEvent.paste('Net 30');
    expect(total).toHaveValue('');
  });

  it('saves only the changed fields, in their canonical form', async () => {
    const doc = buildArInvoice();
    const api = installDocumentApi(doc, {
      'PUT /api/documents/501/metadata': () => doc,
    });
    renderApp('/documents/501');
    const date = await field('Invoice Date');
    expect(date).toHaveValue('11/02/2026');
    expect(await field('Invoice Total')).toHaveValue('1,250.00');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.clear(date);
    await userEvent.type(date, '11052026');
    const total = await field('Invoice Total');
    await userEvent.clear(total);
    await userEvent.type(total, '1300');
    // Same value, other spelling: not a change.
    const number = await field('Invoice Number');
    await userEvent.clear(number);
    await userEvent.type(number, 'INV-1001');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('PUT', '/api/documents/501/metadata')).toHaveLength(1));
    const body = api.find('PUT', '/api/documents/501/metadata')[0]!.body as SaveDocumentRequest;
    expect(body.metadata).toEqual([
      { metadataDefinitionId: definition('docInvoiceDate').id, value: '2026-11-05' },
      { metadataDefinitionId: definition('docTotal').id, value: '1300.00' },
    ]);
    expect(await screen.findByText('Document Saved')).toBeInTheDocument();
  });

  it('shows the server field errors of a refused save', async () => {
    const doc = buildArInvoice();
    installDocumentApi(doc, {
      'PUT /api/documents/501/metadata': () =>
        new Response(
          JSON.stringify({
            error: {
              message: 'PO Number is too long',
              code: 'validation_failed',
              fields: { 'metadata.0.value': 'PO Number is too long' },
            },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    renderApp('/documents/501');
    await userEvent.type(await field('PO Number'), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('PO Number is too long')).toHaveLength(2);
    expect(await field('PO Number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('renders every field read-only on a read-only document', async () => {
    installDocumentApi(
      buildArInvoice({
        routeStatusId: RouteStatus.Received,
        side: 'received',
        isReadOnly: true,
        availableActions: { ...noDocumentActions, close: true },
      }),
    );
    renderApp('/documents/501');
    expect(await field('Invoice Number')).toHaveAttribute('readonly');
    expect(await field('Invoice Date')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('the receiver and read-only members (issue 11 items 4, 5, 10)', () => {
  const actionsFor = (side: 'sent' | 'received', routeStatusId: number | null, roles: number[]) =>
    availableDocumentActions({
      templateId: 11,
      documentTypeId: 93,
      routeStatusId,
      side,
      userType: UserType.Regular,
      roles,
    });

  it("shows the receiver the sender's rejected AR invoice read-only, looks up no foreign party and offers Close", async () => {
    const doc = buildArInvoice({
      side: 'received',
      routeStatusId: RouteStatus.Rejected,
      routeStatus: { id: RouteStatus.Rejected, name: 'Rejected' },
      counterparty: {
        companyId: 1,
        companyName: 'Permian Basin Services LLC',
        partyId: 77,
        partyName: 'Permian Basin Services',
      },
      availableActions: actionsFor('received', RouteStatus.Rejected, [Role.User]),
    });
    doc.metadata = doc.metadata.map((e) => ({ ...e, party: null }));
    const api = installDocumentApi(doc, {
      'GET /api/history/document/501/rejectionReason': () => ({ reason: 'Wrong PO' }),
    });
    renderApp('/documents/501');
    expect(await field('PO Number')).toHaveAttribute('readonly');
    expect(await field('Purchaser')).toHaveValue('Red Mesa Operating Co.');
    expect(await field('Purchaser')).toHaveAttribute('readonly');
    expect(await field('Bill To')).toHaveValue('Midland Office');
    expect(await field('Bill To')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    for (const name of ['Save', 'Send', 'Cancel']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(api.requests.filter((r) => r.path.startsWith('/api/party/getById'))).toHaveLength(0);
    expect(api.find('GET', '/api/companyorgunit')).toHaveLength(0);
    expect(screen.queryByText('Connection not found')).not.toBeInTheDocument();
  });

  it('offers a ReadOnly member Close on an unsent document, and Close goes to the list', async () => {
    installDocumentApi(
      buildArInvoice({ availableActions: actionsFor('sent', null, [Role.ReadOnly]) }),
    );
    const { router } = renderApp('/documents/501');
    const close = await screen.findByRole('button', { name: 'Close' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(close);
    await waitFor(() => expect(router.state.location.pathname).toBe('/documentlist/93'));
  });
});

describe('actions', () => {
  it('shows the buttons the available actions allow', async () => {
    installDocumentApi(
      buildArInvoice({
        availableActions: {
          ...noDocumentActions,
          close: true,
          delete: true,
          resubmit: true,
          replaceFile: true,
        },
      }),
    );
    renderApp('/documents/501');
    expect(await screen.findByRole('button', { name: 'Close' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download invoice-1001.pdf' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Resubmit' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Replace file' })).toBeEnabled();
    for (const name of ['Send', 'Cancel', 'Save', 'Return']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('validates before sending, names the missing fields and marks them in the form', async () => {
    const api = installDocumentApi(
      buildArInvoice({}, { ...draftValues, docNumber: null, docTotal: null }),
    );
    renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Fields Invoice Number, Invoice Total are required'),
    ).toBeInTheDocument();
    // Issue 11 item 21: not only a toast — each missing field is marked where it is.
    expect(await field('Invoice Number')).toHaveAttribute('aria-invalid', 'true');
    expect(await field('Invoice Total')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invoice Number is required')).toBeInTheDocument();
    expect(screen.getByText('Invoice Total is required')).toBeInTheDocument();
    expect(await field('Invoice Date')).toHaveAttribute('aria-invalid', 'false');
    expect(api.find('PUT', '/api/documents/501/publish')).toHaveLength(0);
    // Filling a marked field clears its mark.
    await userEvent.type(await field('Invoice Number'), 'INV-9');
    expect(await field('Invoice Number')).toHaveAttribute('aria-invalid', 'false');
  });

  it('saves the changed values, sends and goes to the list of the type', async () => {
    const doc = buildArInvoice({}, { ...draftValues, docNumber: null });
    const api = installDocumentApi(doc, {
      'PUT /api/documents/501/metadata': () => doc,
      'PUT /api/documents/501/publish': () => ({ ...doc, routeStatusId: RouteStatus.Sent }),
    });
    const { router } = renderApp('/documents/501');
    await userEvent.type(await field('Invoice Number'), 'INV-2002');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documentlist/93'));
    expect(await screen.findByText('Document Sent')).toBeInTheDocument();
    expect(api.find('PUT', '/api/documents/501/metadata')[0]!.body).toEqual({
      metadata: [{ metadataDefinitionId: definition('docNumber').id, value: 'INV-2002' }],
    });
    expect(api.find('PUT', '/api/documents/501/publish')[0]!.body).toEqual({ metadata: [] });
  });

  it('keeps what was typed when Send finds fields missing (issue 27 item 7)', async () => {
    const doc = buildArInvoice({}, { ...draftValues, docNumber: null, docServiceDate: null });
    const api = installDocumentApi(doc, {
      'PUT /api/documents/501/metadata': () => doc,
      'PUT /api/documents/501/publish': () => ({ ...doc, routeStatusId: RouteStatus.Sent }),
    });
    renderApp('/documents/501');
    await userEvent.type(await field('Service Date'), '01/02/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Field Invoice Number is required')).toBeInTheDocument();
    // The Service Date typed before the failed check is saved; only the sending stopped.
    await waitFor(() => expect(api.find('PUT', '/api/documents/501/metadata')).toHaveLength(1));
    expect(api.find('PUT', '/api/documents/501/metadata')[0]!.body).toEqual({
      metadata: [{ metadataDefinitionId: definition('docServiceDate').id, value: '2026-01-02' }],
    });
    expect(api.find('PUT', '/api/documents/501/publish')).toHaveLength(0);
  });

  it('shows the server message when sending is refused', async () => {
    installDocumentApi(buildArInvoice(), {
      'PUT /api/documents/501/publish': () =>
        apiError(409, 'Documents can only be sent to a connected connection.'),
    });
    const { router } = renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Documents can only be sent to a connected connection.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/documents/501');
  });

  it('asks before cancelling the sending of an AR invoice, then goes home', async () => {
    const api = installDocumentApi(buildArInvoice(), {
      'POST /api/documents/cancelPublish': () => new Response(null, { status: 204 }),
      'GET /api/documentroute/stats': () => ({}),
    });
    const { router } = renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel sending of this document?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('POST', '/api/documents/cancelPublish')[0]!.body).toEqual({ ids: [501] });
  });

  it('confirms a delete with the spec wording', async () => {
    const api = installDocumentApi(
      buildArInvoice({ availableActions: { ...noDocumentActions, delete: true } }),
      { 'DELETE /api/documents/501': () => new Response(null, { status: 204 }) },
    );
    const { router } = renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete selected document ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documentlist/93'));
    expect(api.find('DELETE', '/api/documents/501')).toHaveLength(1);
  });
});

describe('audit history', () => {
  const edit = historyEntry({
    id: 2,
    operation: { id: 2, name: 'Edit', label: 'Field updated', categories: ['Edit'] },
    objectName: 'Invoice Date',
    oldValue: '2026-11-02',
    newValue: '2026-11-05',
    metadataTypeId: 4,
    hasHistoryDetails: true,
  });
  const created = historyEntry();
  const viewed = historyEntry({
    id: 3,
    operation: { id: 3, name: 'Read', label: 'Viewed', categories: ['Read'] },
  });

  it('filters by tab and shows old → new values, with details in a dialog', async () => {
    const all = [edit, created, viewed];
    const api = installDocumentApi(buildArInvoice(), {
      'GET /api/history/document/501': (req) => {
        const category = new URLSearchParams(req.search).get('category');
        return category
          ? all.filter((e) => e.operation.categories.includes(category as never))
          : all;
      },
      'GET /api/history/501/details/2': () => ({
        historyId: 2,
        items: [{ name: 'Invoice Date', oldValue: '2026-11-02', newValue: '2026-11-05' }],
      }),
    });
    renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit History' }));
    const list = await screen.findByRole('list', { name: 'History entries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Invoice Date: 11/02/2026 → 11/05/2026')).toBeInTheDocument();
    expect(within(list).getByText('New version created')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Updates' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'History entries' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(api.find('GET', '/api/history/document/501').at(-1)!.search).toBe('?category=Edit');

    await userEvent.click(screen.getByRole('tab', { name: 'Views' }));
    expect(await screen.findByText('Viewed')).toBeInTheDocument();
    expect(screen.queryByText('New version created')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Updates' }));
    await userEvent.click(await screen.findByRole('button', { name: /Field updated/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Field updated' });
    expect(await within(dialog).findByRole('cell', { name: '2026-11-05' })).toBeInTheDocument();
  });
});

describe('attachments', () => {
  const attachment: DocumentAttachment = {
    id: 9,
    fileName: 'timesheet.pdf',
    fileSize: 2048,
    contentType: 'application/pdf',
    createdAt: '2026-11-02T15:00:00.000Z',
    canDelete: true,
  };

  it('offers upload, preview and delete with the file name in the confirmation', async () => {
    const api = installDocumentApi(buildArInvoice(), {
      'GET /api/documentAttachments/document/501': () => [attachment],
      'DELETE /api/documentAttachments/9': () => new Response(null, { status: 204 }),
    });
    renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('tab', { name: 'Attachments' }));
    expect(await screen.findByRole('button', { name: 'Add an attachment' })).toBeInTheDocument();
    expect(await screen.findByText('2 KB · 11/02/2026', { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Preview timesheet.pdf' }));
    const preview = await screen.findByRole('dialog', { name: 'timesheet.pdf' });
    expect(within(preview).getByTestId('viewer')).toHaveTextContent('timesheet.pdf');
    await userEvent.click(within(preview).getByRole('button', { name: 'Close' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete timesheet.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete attachment' });
    expect(confirm).toHaveTextContent('Delete timesheet.pdf ?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.find('DELETE', '/api/documentAttachments/9')).toHaveLength(1));
  });

  it('offers office attachments as downloads, not previews (issue 11 item 21)', async () => {
    const sheet: DocumentAttachment = {
      ...attachment,
      id: 10,
      fileName: 'volumes.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
    // jsdom has no object URLs; the download hands the blob to a link through one.
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} });
    const api = installDocumentApi(buildArInvoice(), {
      'GET /api/documentAttachments/document/501': () => [attachment, sheet],
      'GET /api/download/attachment/10': () => new Response(new Blob(['xlsx']), { status: 200 }),
    });
    renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('tab', { name: 'Attachments' }));
    expect(await screen.findByRole('button', { name: 'Preview timesheet.pdf' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Preview volumes.xlsx' })).not.toBeInTheDocument();
    expect(screen.getByTestId('file-input')).toHaveAttribute(
      'accept',
      expect.stringContaining('.xlsx'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open volumes.xlsx (download)' }));
    await waitFor(() => expect(api.find('GET', '/api/download/attachment/10')).toHaveLength(1));
    expect(api.find('GET', '/api/download/attachment/10')[0]!.search).toBe('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides upload and delete on a read-only document', async () => {
    installDocumentApi(
      buildArInvoice({
        routeStatusId: RouteStatus.Received,
        side: 'received',
        isReadOnly: true,
        availableActions: { ...allActions, edit: false, send: false, cancel: false, close: true },
      }),
      { 'GET /api/documentAttachments/document/501': () => [attachment] },
    );
    renderApp('/documents/501');
    await userEvent.click(await screen.findByRole('tab', { name: 'Attachments' }));
    expect(
      await screen.findByRole('button', { name: 'Preview timesheet.pdf' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download timesheet.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add an attachment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete timesheet.pdf' })).not.toBeInTheDocument();
  });
});

describe('AR invoice purchaser rule', () => {
  const row = (id: number, name: string) => ({
    id,
    partyTypeId: 5,
    partyTypeName: 'Purchaser',
    name,
    number: `P-${id}`,
    phone: null,
    companyOrgUnits: [],
    effectiveFromDate: null,
    effectiveThruDate: null,
    isActive: true,
    partyStatus: 'connected',
    connectedCompanyId: id,
    connectedCompanyName: name,
    suggestedCompanyId: null,
    suggestedCompanyName: null,
  });

  it(
    'limits Bill To to the purchaser’s org units and selects the only one',
    { timeout: 40_000 },
    async () => {
      const doc = buildArInvoice();
      const other = { ...purchaser, id: 32, name: 'Basin Buyers Inc.' };
      const api = installDocumentApi(doc, {
        'GET /api/party/grid/search': () => ({
          items: [row(31, 'Red Mesa Operating Co.'), row(32, 'Basin Buyers Inc.')],
          totalRecords: 2,
        }),
        'GET /api/party/getByIdWithConnectedOrgUnits/32': () => ({
          ...other,
          connectedOrgUnits: { '5': 'Odessa Yard' },
        }),
        'PUT /api/documents/501/metadata': () => doc,
      });
      renderApp('/documents/501');
      const billTo = await screen.findByRole('combobox', { name: /^Bill To/ });
      expect(billTo).toHaveValue('Midland Office');
      await userEvent.click(billTo);
      const choices = await screen.findByRole('listbox');
      expect(
        within(choices)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Midland Office']);
      await userEvent.keyboard('{Escape}');

      await userEvent.click(screen.getByRole('combobox', { name: /^Purchaser/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Basin Buyers Inc.' }));
      await waitFor(() => expect(billTo).toHaveValue('Odessa Yard'));
      const search = new URLSearchParams(api.find('GET', '/api/party/grid/search')[0]!.search);
      expect(search.get('partyTypeId')).toBe('5');
      expect(search.get('partyStatus')).toBe('connected');

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.find('PUT', '/api/documents/501/metadata')).toHaveLength(1));
      expect(api.find('PUT', '/api/documents/501/metadata')[0]!.body).toEqual({
        metadata: [
          {
            metadataDefinitionId: definition('docARPurchaserName').id,
            value: 'Basin Buyers Inc.',
            partyId: 32,
          },
          {
            metadataDefinitionId: definition('docOrgUnitName').id,
            value: 'Odessa Yard',
            orgUnitId: 5,
          },
        ],
      });
    },
  );
});
