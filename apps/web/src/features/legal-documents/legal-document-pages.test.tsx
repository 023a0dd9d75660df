import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type LegalDocument } from '@flowline/shared';
import { ApiError } from '../../lib/api-error';
import { uploadForm } from '../../lib/upload';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';

// XMLHttpRequest (upload progress) is the network boundary of uploads: replaced here.
vi.mock('../../lib/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const alpha = { id: 5, name: 'Alpha Gas' };
const bravo = { id: 6, name: 'Bravo Oil' };
const w9: LegalDocument = {
  id: 3,
  insertDate: '2026-11-20T15:00:00.000Z',
  privacySettingId: 2,
  isActive: true,
  legalDocumentTypeId: 1,
  fileName: 'w9.pdf',
  fileSize: 2048,
  contentType: 'application/pdf',
  selectedParties: [alpha],
  expiresOn: null,
};
const certificate: LegalDocument = {
  ...w9,
  id: 4,
  legalDocumentTypeId: 2,
  privacySettingId: 1,
  selectedParties: [],
  fileName: 'insurance-2026.pdf',
  expiresOn: '2027-03-31',
};

function installLegalApi(
  active: LegalDocument[] = [w9],
  handlers: SignedInOptions['handlers'] = {},
  featureFlags: SignedInOptions['featureFlags'] = {},
) {
  return installSessionApi({
    user: admin,
    featureFlags,
    handlers: {
      'POST /api/legaldocuments/search': (req) => {
        const items = (req.body as { isActive?: boolean }).isActive ? active : [w9];
        return { items, totalRecords: items.length };
      },
      'GET /api/legaldocuments/3': () => w9,
      'GET /api/legaldocuments/shareableParties': () => ({
        items: [alpha, bravo],
        totalRecords: 2,
      }),
      ...handlers,
    },
  });
}

const pdf = () => new File(['%PDF-1.4'], 'new-w9.pdf', { type: 'application/pdf' });

beforeEach(() => {
  upload.mockReset();
  upload.mockResolvedValue({ ...w9, id: 9 } as never);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('legal document list', () => {
  it('shows the spec columns with readable labels and opens the form', async () => {
    installLegalApi();
    const { router } = renderApp('/admin/legalDocuments/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'W9' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload New' })).toHaveAttribute(
      'href',
      '/admin/legalDocument/1/create',
    );
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Shared with partners');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Upload Date', 'File Name', 'Privacy', 'Is Active', 'Document Type', 'Replace']);
    expect(within(grid).getByRole('link', { name: '11/20/2026' })).toBeInTheDocument();
    expect(within(grid).getByText('w9.pdf')).toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('button', { name: /Replace/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?replace=3'));
  });
});

describe('legal document form', () => {
  it('requires a file, confirms replacing the active one, then uploads', async () => {
    installLegalApi();
    const { router } = renderApp('/admin/legalDocument/1/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload W9' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select a file')).toBeInTheDocument();

    await userEvent.upload(screen.getByTestId('file-input'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the active W9?' });
    expect(upload).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const form = upload.mock.calls[0]![1];
    expect(JSON.parse(String(form.get('detailsDto')))).toEqual({
      legalDocumentTypeId: 1,
      privacySettingId: 1,
      isActive: true,
      selectedParties: [],
    });
    // It took the active one's place: the spec's replace message (issue 27 item 26).
    expect(await screen.findByText('Successfuly replaced the document')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/legalDocuments/1'));
  });

  it('says uploaded when no active document is replaced', async () => {
    installLegalApi([]);
    renderApp('/admin/legalDocument/1/create');
    await userEvent.upload(await screen.findByTestId('file-input'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully uploaded the document')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists insurance certificates with their file and expiry date, and sets the date on upload', async () => {
    installLegalApi([], {
      'POST /api/legaldocuments/search': () => ({ items: [certificate], totalRecords: 1 }),
    });
    renderApp('/admin/legalDocuments/2');
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('insurance-2026.pdf');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Upload Date',
      'File Name',
      'Expiry Date',
      'Privacy',
      'Is Active',
      'Document Type',
      'Replace',
    ]);
    expect(within(grid).getByText('03/31/2027')).toBeInTheDocument();
  });

  it('takes an optional expiry date for an insurance certificate', async () => {
    installLegalApi([]);
    renderApp('/admin/legalDocument/2/create');
    const date = await screen.findByLabelText('Expiry Date');
    expect(
      screen.getByText('Optional. The Administrators are reminded 30 days before it expires.'),
    ).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('file-input'), pdf());
    // A date input holds only real days (the browser's picker); the server refuses others.
    fireEvent.change(date, { target: { value: '2027-03-31' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(upload.mock.calls[0]![1].get('detailsDto')))).toMatchObject({
      legalDocumentTypeId: 2,
      expiresOn: '2027-03-31',
    });
  });

  it('offers no expiry date for a W9', async () => {
    installLegalApi([]);
    renderApp('/admin/legalDocument/1/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upload W9' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Expiry Date')).not.toBeInTheDocument();
  });

  it('deletes a document and goes back to the list without asking for it again', async () => {
    const api = installLegalApi([w9], {
      'DELETE /api/legaldocuments/3': () => new Response(null, { status: 204 }),
    });
    const { router } = renderApp('/admin/legalDocument/1/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit W9' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/legalDocuments/1'));
    await screen.findByRole('grid');
    expect(api.find('DELETE', '/api/legaldocuments/3')).toHaveLength(1);
    expect(api.find('GET', '/api/legaldocuments/3')).toHaveLength(1);
  });

  it('disables Save while shared with nobody', async () => {
    installLegalApi([]);
    renderApp('/admin/legalDocument/1/create');
    await userEvent.click(await screen.findByRole('radio', { name: 'Shared with partners' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Share with connections' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bravo Oil' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('keeps parties already shared with, not selectable again', async () => {
    installLegalApi();
    renderApp('/admin/legalDocument/1/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit W9' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Share with connections' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByRole('option', { name: 'Alpha Gas' })).toBeNull();
    expect(within(listbox).getByRole('option', { name: 'Bravo Oil' })).toBeEnabled();
  });

  it.each([
    [
      'create',
      '',
      new ApiError(400, 'x', 'nope'),
      'Cannot upload this document, please contact support',
    ],
    [
      'replace',
      '?replace=3',
      new ApiError(400, 'x', 'nope'),
      'Cannot upload the new document. Contant support.',
    ],
    ['create', '', new ApiError(500, 'x', 'Storage is down'), 'Storage is down'],
  ])('answers a failed %s with the spec message', async (_mode, search, error, message) => {
    installLegalApi([]);
    upload.mockRejectedValueOnce(error);
    renderApp(`/admin/legalDocument/1/create${search}`);
    await userEvent.upload(await screen.findByTestId('file-input'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});

describe('legal document upload and document intelligence (issue 14)', () => {
  it('a 501 warns that extraction failed and returns to the list (spec 3 §8)', async () => {
    installLegalApi([]);
    upload.mockRejectedValue(new ApiError(501, 'extraction_failed', 'Extraction failed'));
    const { router } = renderApp('/admin/legalDocument/1/create');
    await userEvent.upload(await screen.findByTestId('file-input'), pdf());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByText('The file was uploaded but extract data failed.');
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorWarning');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/legalDocuments/1'));
  });

  it('shows the suggested legal type; Use this type uploads it as that type', async () => {
    const api = installLegalApi(
      [],
      {
        'POST /api/documentType/detect': () => ({
          documentTypeId: null,
          documentTypeName: null,
          legalDocumentTypeId: 2,
          confidence: 0.91,
        }),
      },
      { aiDocTypeDetectionAndExtractionFlag: true },
    );
    const { router } = renderApp('/admin/legalDocument/1/create');
    await userEvent.upload(await screen.findByTestId('file-input'), pdf());
    expect(await screen.findByText('Looks like: Insurance Certificate (91 %)')).toBeVisible();
    expect(api.find('POST', '/api/documentType/detect')).toHaveLength(1);
    // Never applied silently: the W9 stays until the user takes the suggestion.
    await userEvent.click(screen.getByRole('button', { name: 'Use this type' }));
    expect(screen.getByText('Will be uploaded as: Insurance Certificate.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const form = upload.mock.calls[0]![1];
    expect(JSON.parse(String(form.get('detailsDto')))).toMatchObject({ legalDocumentTypeId: 2 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/legalDocuments/2'));
  });
});
