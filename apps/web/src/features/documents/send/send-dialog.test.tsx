import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PartyType,
  Role,
  documentMessages,
  readingLimitMessages,
  type ConnectionListRow,
} from '@flowline/shared';
import { ApiError } from '../../../lib/api-error';
import { apiError } from '../../../test/fake-api';
import { uploadForm } from '../../../lib/upload';
import { buildCompany } from '../../../test/fixtures';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../test/render-app';
import { arInvoicePage } from '../list/test-fixtures';

// XMLHttpRequest (upload progress) is the network boundary of uploads: replaced here.
vi.mock('../../../lib/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

const party = (id: number, name: string, companyId: number): ConnectionListRow => ({
  id,
  partyTypeId: PartyType.Purchaser,
  partyTypeName: 'Purchaser',
  name,
  number: `P-${id}`,
  phone: null,
  companyOrgUnits: [],
  effectiveFromDate: null,
  effectiveThruDate: null,
  isActive: true,
  partyStatus: 'connected',
  connectedCompanyId: companyId,
  connectedCompanyName: name,
  suggestedCompanyId: null,
  suggestedCompanyName: null,
});
const redMesa = party(5, 'Red Mesa Operating Co.', 40);
const hawthorne = party(6, 'Hawthorne Royalties', 41);

function installSendApi(
  parties: ConnectionListRow[] = [redMesa, hawthorne],
  handlers: SignedInOptions['handlers'] = {},
  featureFlags: SignedInOptions['featureFlags'] = {},
) {
  return installSessionApi({
    featureFlags,
    companies: [buildCompany({ partyTypeIds: [PartyType.Vendor] })],
    user: { roles: [Role.User] },
    handlers: {
      // An empty list: these tests are about the dialog.
      'GET /api/documentroute/all/93': () => ({ ...arInvoicePage, rows: [], totalRecords: 0 }),
      'GET /api/party/grid/search': (req) => {
        const q = new URLSearchParams(req.search).get('query')?.toLowerCase() ?? '';
        const items = parties.filter((p) => p.name.toLowerCase().includes(q));
        return { items, totalRecords: items.length };
      },
      'GET /api/party/getByIdWithConnectedOrgUnits/5': () => ({
        ...redMesa,
        connectedOrgUnits: { '31': 'Midland' },
      }),
      'GET /api/party/getByIdWithConnectedOrgUnits/6': () => ({
        ...hawthorne,
        connectedOrgUnits: { '32': 'Tulsa', '33': 'Austin' },
      }),
      ...handlers,
    },
  });
}

const pdf = () => new File(['%PDF-1.4'], 'invoice-1042.pdf', { type: 'application/pdf' });

async function openDialog() {
  const view = renderApp('/documentlist/93');
  await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send AR Invoice' });
  return { ...view, dialog };
}

async function pickParty(dialog: HTMLElement, name: string) {
  await userEvent.click(await within(dialog).findByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

beforeEach(() => {
  upload.mockReset();
  upload.mockResolvedValue({ batchName: 'b', documentIds: [77] });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Dialog, picker and upload in jsdom are slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

describe('Send dialog', () => {
  it('validates, uploads with progress and opens the new document', async () => {
    const api = installSendApi();
    const { dialog, router } = await openDialog();
    const picker = await within(dialog).findByRole('combobox', { name: 'Search 2 Connections' });
    // Focused 300 ms after opening (spec 2 §9), so typing can start at once.
    await waitFor(() => expect(picker).toHaveFocus());
    expect(
      within(dialog).queryByRole('button', { name: 'Choose a file or drag it here' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Bill To' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();

    await pickParty(dialog, 'Red Mesa');
    expect(within(dialog).queryByText('Required')).not.toBeInTheDocument();
    // Exactly one connected profile: chosen for the user.
    expect(await within(dialog).findByRole('combobox', { name: 'Bill To' })).toHaveTextContent(
      'Midland',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(documentMessages.fileRequired)).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();

    let finish: (value: { batchName: string; documentIds: number[] }) => void = () => {};
    upload.mockImplementation((_path, _form, options) => {
      options.onProgress?.(40);
      return new Promise((resolve) => {
        finish = resolve as typeof finish;
      });
    });
    await userEvent.upload(within(dialog).getByTestId('file-input'), pdf());
    expect(within(dialog).getByText(/invoice-1042\.pdf/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe('/documents/upload');
    expect([...form.keys()]).toEqual(['fileUploadData', 'file']);
    const data = JSON.parse(String(form.get('fileUploadData'))) as Record<string, unknown>;
    expect(data).toEqual({
      batchName: expect.stringMatching(
        /^Uploaded-\[\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\.\d{3}\]$/,
      ) as unknown,
      userId: 7,
      folderId: 1,
      numberOfDocuments: 1,
      returnBeforeOcr: false,
      receivingPartyId: 5,
      receivingCompanyId: 40,
      ReceivingCompanyName: 'Red Mesa Operating Co.',
      documentTypeId: 93,
      billToOrgUnitId: 31,
    });
    expect((form.get('file') as File).name).toBe('invoice-1042.pdf');

    finish({ batchName: String(data.batchName), documentIds: [77] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/77'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The picker asked for connected connections, 100 by name.
    expect(
      Object.fromEntries(new URLSearchParams(api.find('GET', '/api/party/grid/search')[0]!.search)),
    ).toEqual({
      partyStatus: 'connected',
      page: '1',
      itemsPerPage: '100',
      orderBy: 'name',
      orderByDirection: 'asc',
    });
  });

  it('labels the search by count, says when nothing matches, and lets Bill To be chosen', async () => {
    installSendApi([hawthorne]);
    const { dialog } = await openDialog();
    const picker = await within(dialog).findByRole('combobox', { name: 'Search' });
    await userEvent.type(picker, 'zzz');
    expect(await screen.findByText('Sorry, no matching Connection')).toBeInTheDocument();

    await userEvent.clear(picker);
    await userEvent.click(await screen.findByRole('option', { name: /Hawthorne/ }));
    const billTo = await within(dialog).findByRole('combobox', { name: 'Bill To' });
    // Two profiles: nothing is chosen for the user.
    expect(billTo).toHaveTextContent('None');
    await userEvent.click(billTo);
    await userEvent.click(await screen.findByRole('option', { name: 'Tulsa' }));
    expect(billTo).toHaveTextContent('Tulsa');
  });

  it('opens the batch page when the upload made several documents', async () => {
    installSendApi();
    upload.mockResolvedValue({ batchName: 'Uploaded-[x]', documentIds: [77, 78] });
    const { dialog, router } = await openDialog();
    await pickParty(dialog, 'Red Mesa');
    await userEvent.upload(await within(dialog).findByTestId('file-input'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/batch/${encodeURIComponent('Uploaded-[x]')}`),
    );
  });

  it('tells the uploader at once when only the first pages of a long file will be read', async () => {
    installSendApi();
    const notice = readingLimitMessages.pageCapAtUpload(200, 5000);
    upload.mockResolvedValue({ batchName: 'b', documentIds: [77], notice });
    const { dialog, router } = await openDialog();
    await pickParty(dialog, 'Red Mesa');
    await userEvent.upload(await within(dialog).findByTestId('file-input'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/77'));
    expect(
      await screen.findByText(
        'This file has 5,000 pages: only the first 200 will be read (the limit per document); the later pages will not be searchable.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses a file of another type before uploading', async () => {
    installSendApi();
    const { dialog } = await openDialog();
    await pickParty(dialog, 'Red Mesa');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(await within(dialog).findByTestId('file-input'), text, {
      applyAccept: false,
    });
    expect(await within(dialog).findByText(documentMessages.wrongType)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the server message of a failed upload and stays open', async () => {
    installSendApi();
    upload.mockRejectedValue(
      new ApiError(413, 'payload_too_large', 'The file is larger than the 500 MB limit.'),
    );
    const { dialog, snackbarStore } = await openDialog();
    await pickParty(dialog, 'Red Mesa');
    await userEvent.upload(await within(dialog).findByTestId('file-input'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(snackbarStore.getSnapshot().map((m) => m.message)).toEqual([
        'The file is larger than the 500 MB limit.',
      ]),
    );
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Send AR Invoice' })).toBeInTheDocument();
  });

  it('Cancel closes the dialog and stops the upload', async () => {
    installSendApi();
    let signal: AbortSignal | undefined;
    upload.mockImplementation((_path, _form, options) => {
      signal = options.signal;
      return new Promise(() => {});
    });
    const { dialog, snackbarStore } = await openDialog();
    await pickParty(dialog, 'Red Mesa');
    await userEvent.upload(await within(dialog).findByTestId('file-input'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(signal).toBeDefined());
    expect(signal!.aborted).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signal!.aborted).toBe(true);
    expect(snackbarStore.getSnapshot()).toEqual([]);
  });
});

describe('Send dialog: the suggested type (flag ai-doctype-detection-and-extraction)', () => {
  const aiOn = { aiDocTypeDetectionAndExtractionFlag: true };
  const detect = (documentTypeId: number, confidence: number) => ({
    'POST /api/documentType/detect': () => ({
      documentTypeId,
      documentTypeName: null,
      legalDocumentTypeId: null,
      confidence,
    }),
  });

  it('shows another type with its confidence; Use this type sends it as that type', async () => {
    const api = installSendApi([redMesa], detect(94, 0.87), aiOn);
    const { dialog } = await openDialog();
    await pickParty(dialog, 'Red Mesa');
    await userEvent.upload(await within(dialog).findByTestId('file-input'), pdf());
    expect(
      await within(dialog).findByText('Looks like: Pending Division Order (87 %)'),
    ).toBeVisible();
    const [call] = api.find('POST', '/api/documentType/detect');
    expect(call).toBeDefined();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this type' }));
    expect(
      await screen.findByRole('dialog', { name: 'Send Pending Division Order' }),
    ).toBeVisible();
    expect(within(dialog).queryByText(/Looks like/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(upload).toHaveBeenCalled());
    const form = upload.mock.calls[0]![1];
    expect(JSON.parse(String(form.get('fileUploadData')))).toMatchObject({ documentTypeId: 94 });
  });

  it('says nothing when the file looks like the chosen type, when detection fails, or with the flag off', async () => {
    installSendApi([redMesa], detect(93, 0.95), aiOn);
    const first = await openDialog();
    await pickParty(first.dialog, 'Red Mesa');
    await userEvent.upload(await within(first.dialog).findByTestId('file-input'), pdf());
    await within(first.dialog).findByText(/invoice-1042\.pdf/);
    expect(within(first.dialog).queryByText(/Looks like/)).not.toBeInTheDocument();
    first.unmount();

    const failing = installSendApi(
      [redMesa],
      { 'POST /api/documentType/detect': () => apiError(404, 'Not found') },
      aiOn,
    );
    const second = await openDialog();
    await pickParty(second.dialog, 'Red Mesa');
    await userEvent.upload(await within(second.dialog).findByTestId('file-input'), pdf());
    await waitFor(() => expect(failing.find('POST', '/api/documentType/detect')).toHaveLength(1));
    expect(within(second.dialog).queryByText(/Looks like/)).not.toBeInTheDocument();
    expect(second.snackbarStore.getSnapshot()).toEqual([]);
    second.unmount();

    const off = installSendApi([redMesa], detect(94, 0.9));
    const third = await openDialog();
    await pickParty(third.dialog, 'Red Mesa');
    await userEvent.upload(await within(third.dialog).findByTestId('file-input'), pdf());
    await within(third.dialog).findByText(/invoice-1042\.pdf/);
    expect(off.find('POST', '/api/documentType/detect')).toHaveLength(0);
  });
});
