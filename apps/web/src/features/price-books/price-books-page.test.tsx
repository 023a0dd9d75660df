import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Role,
  type PriceBook,
  type PriceBookImportResult,
  type PriceBookItemPage,
  type PriceBookVersion,
} from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';
import { ApiError } from '../../lib/api-error';
import { uploadForm } from '../../lib/upload';

// XMLHttpRequest (upload progress) is the network boundary of uploads: replaced here.
vi.mock('../../lib/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

vi.setConfig({ testTimeout: 120_000 });
beforeEach(() => upload.mockReset());
afterEach(() => vi.unstubAllGlobals());

const writer = { roles: [Role.User], mainRole: Role.User };
const readOnly = { roles: [Role.ReadOnly], mainRole: Role.ReadOnly };

const version: PriceBookVersion = {
  id: 11,
  priceBookId: 5,
  versionNumber: 2,
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  status: 'current',
  itemCount: 2,
  fileName: 'prices.csv',
  createdAt: '2026-01-01T10:00:00.000Z',
};
const book: PriceBook = {
  id: 5,
  direction: 'published',
  partyId: 7,
  counterpartyName: 'Red Mesa Operating',
  currentVersion: version,
  versionCount: 2,
};
const items: PriceBookItemPage = {
  totalRecords: 2,
  items: [
    {
      id: 1,
      lineNumber: 2,
      itemCode: 'VAC-130',
      description: 'Vacuum truck, 130 bbl',
      uom: 'HR',
      unitPrice: '95.00',
      tiers: [],
      effectiveFrom: null,
      effectiveTo: null,
      contractNumber: 'MSA-14',
    },
    {
      id: 2,
      lineNumber: 3,
      itemCode: 'HOT-OIL',
      description: 'Hot oil unit',
      uom: 'HR',
      unitPrice: '140.00',
      tiers: [{ minQuantity: '8', unitPrice: '130.00' }],
      effectiveFrom: null,
      effectiveTo: null,
      contractNumber: null,
    },
  ],
};
const connection = {
  id: 7,
  partyTypeId: 2,
  partyTypeName: 'Operator',
  name: 'Red Mesa Operating',
  number: 'R-1',
  phone: null,
  companyOrgUnits: [],
  effectiveFromDate: null,
  effectiveThruDate: null,
  isActive: true,
  partyStatus: 'connected',
  connectedCompanyId: 4,
  connectedCompanyName: 'Red Mesa Operating LLC',
  suggestedCompanyId: null,
  suggestedCompanyName: null,
};

function install(user: { roles: number[]; mainRole: number } = writer) {
  return installSessionApi({
    user,
    handlers: {
      'GET /api/pricebooks': () => [book],
      'GET /api/pricebooks/5/versions': () => [
        version,
        { ...version, id: 10, versionNumber: 1, status: 'past', effectiveFrom: '2025-01-01' },
      ],
      'GET /api/pricebooks/versions/11/items': () => items,
      'GET /api/party/grid/search': () => ({ items: [connection], totalRecords: 1 }),
    },
  });
}

const csv = (name = 'prices.csv') => new File(['Item Code\n'], name, { type: 'text/csv' });

async function openImport() {
  renderApp('/admin/pricebooks');
  await userEvent.click(
    await screen.findByRole('button', { name: 'Import price book' }, { timeout: 10_000 }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Import price book' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: /Publish to/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Red Mesa Operating' }));
  return dialog;
}

describe('Price Books', () => {
  it('lists the books, their versions and a page of items', async () => {
    install();
    renderApp('/admin/pricebooks');
    const books = await screen.findByRole('table', { name: 'Price books' }, { timeout: 10_000 });
    expect(within(books).getByText('Red Mesa Operating')).toBeVisible();
    await userEvent.click(
      within(books).getByRole('button', {
        name: 'Versions of the price book for Red Mesa Operating',
      }),
    );
    const versions = await screen.findByRole('table', { name: 'Price book versions' });
    expect(within(versions).getByText('Current')).toBeVisible();
    expect(within(versions).getByText('Past')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Price book items' });
    expect(await within(table).findByText('VAC-130')).toBeVisible();
    expect(within(table).getByText('$95.00')).toBeVisible();
    expect(within(table).getByText('8+ @ $130.00')).toBeInTheDocument();
  });

  it('a ReadOnly user reads but is not offered the import', async () => {
    install(readOnly);
    renderApp('/admin/pricebooks');
    await screen.findByRole('table', { name: 'Price books' }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Import price book' })).not.toBeInTheDocument();
  });

  it('names every bad row of a refused file, then imports the valid rows when chosen', async () => {
    install();
    const rows = [
      { line: 3, reason: 'UOM is required' },
      { line: 5, reason: 'Unit Price must be an amount like 95.00 (at most 4 decimals)' },
      { line: 6, reason: 'Item Code VAC-130 is already on line 2' },
    ];
    upload.mockRejectedValueOnce(
      new ApiError(
        400,
        'price_book_rows_invalid',
        '3 rows are not valid; nothing was imported. Line 3: UOM is required',
        undefined,
        { rows },
      ),
    );
    const result: PriceBookImportResult = {
      priceBook: book,
      version: { ...version, id: 12, versionNumber: 3 },
      imported: 2,
      skipped: rows,
    };
    upload.mockImplementationOnce(async (_path, _form, options) => {
      options.onProgress?.(60);
      return result as never;
    });

    const dialog = await openImport();
    await userEvent.upload(within(dialog).getByTestId('file-input'), csv());
    expect(within(dialog).getByText('prices.csv')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const toCorrect = await within(dialog).findByRole('list', { name: 'Rows to correct' });
    expect(
      within(toCorrect)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3: UOM is required',
      'Line 5: Unit Price must be an amount like 95.00 (at most 4 decimals)',
      'Line 6: Item Code VAC-130 is already on line 2',
    ]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('nothing was imported');
    const [path, form] = upload.mock.calls[0]!;
    expect(path).toBe('/pricebooks/import');
    expect(JSON.parse(form.get('options') as string)).toMatchObject({
      partyId: 7,
      effectiveTo: null,
      importValidRows: false,
    });

    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Import the valid rows (skip the bad ones)' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText('Imported 2 items as version 3; 3 rows skipped'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Skipped rows' })).toBeInTheDocument();
    expect(JSON.parse(upload.mock.calls[1]![1].get('options') as string)).toMatchObject({
      importValidRows: true,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses what is not a CSV or XLSX, and a missing file or an end before the start, before uploading', async () => {
    install();
    const dialog = await openImport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a CSV or XLSX file');
    await userEvent.upload(
      within(dialog).getByTestId('file-input'),
      new File(['%PDF'], 'prices.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The file must be a CSV or an XLSX spreadsheet',
    );
    await userEvent.upload(within(dialog).getByTestId('file-input'), csv('prices.xlsx'));
    const to = within(dialog).getByLabelText('Effective To');
    await userEvent.type(to, '2000-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Effective To must be on or after Effective From',
    );
    expect(upload).not.toHaveBeenCalled();
  });
});
