import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldType, PartyType, type ListView } from '@flowline/shared';
import { buildCompany } from '../../../test/fixtures';
import { installSessionApi, renderApp } from '../../../test/render-app';
import { arInvoicePage } from './test-fixtures';

/** Columns, filters and saved views of a type list (issue 30 item 6, docs/list-views.md). */

const vendor = buildCompany({ partyTypeIds: [PartyType.Vendor] });

const january: ListView = {
  id: 5,
  documentTypeId: 93,
  name: 'January',
  shared: true,
  columns: ['docNumber', 'docTotal'],
  filters: {
    fields: [{ field: 'docInvoiceDate', kind: 'dateRange', from: '2026-01-01', to: '2026-01-31' }],
  },
  orderBy: 'docTotal',
  orderByDirection: 'asc',
  owner: { id: 1, name: 'Pat Purchaser' },
  canEdit: true,
};

const definition = (id: number, key: string, name: string, typeId: number, order: number) => ({
  id,
  key,
  name,
  isReadonly: false,
  isDocumentProperty: false,
  isDollarTotal: false,
  isMultiple: false,
  isThirdParty: false,
  isRequired: false,
  sortOrder: order,
  listColumnOrder: null,
  metadataType: { id: typeId, name: 'x' },
});

const arDetails = {
  id: 93,
  name: 'AR Invoice',
  documentTypeTemplateId: 11,
  lineItemsEnabled: true,
  isAccountingReport: false,
  adminOnly: false,
  metadataDefinitions: [
    definition(1, 'docNumber', 'Invoice Number', FieldType.Text, 1),
    definition(2, 'docInvoiceDate', 'Invoice Date', FieldType.Date, 2),
    definition(3, 'docTotal', 'Invoice Total', FieldType.Currency, 3),
    definition(4, 'docPONumber', 'PO Number', FieldType.Text, 4),
    definition(5, 'docPartyName', 'Party', FieldType.Party, 5),
  ],
  listColumns: [],
};

function installApi(views: ListView[] = [january]) {
  return installSessionApi({
    companies: [vendor],
    handlers: {
      'GET /api/documentroute/all/93': () => arInvoicePage,
      'GET /api/listviews': () => ({ items: views }),
      'GET /api/documentType/93': () => arDetails,
      'POST /api/listviews': (req) => ({
        ...january,
        ...(req.body as object),
        id: 9,
        owner: { id: 1, name: 'Me' },
        canEdit: true,
      }),
    },
  });
}

const lastListQuery = (api: ReturnType<typeof installApi>) =>
  Object.fromEntries(
    new URLSearchParams(api.find('GET', '/api/documentroute/all/93').at(-1)!.search),
  );

beforeEach(() => {
  window.sessionStorage.clear();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1200, height: 800 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
vi.setConfig({ testTimeout: 120_000 });

async function open(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'AR Invoices' }, { timeout: 20_000 });
  await screen.findByRole('grid');
  return view;
}

describe('saved views', () => {
  it('shows views as tabs beside the statuses; choosing one applies it and puts it in the URL', async () => {
    const api = installApi();
    const { router } = await open('/documentlist/93');
    const tabs = screen.getByRole('tablist', { name: 'Status' });
    const tab = await within(tabs).findByRole('tab', { name: 'January (saved view, shared)' });
    await userEvent.click(tab);
    await waitFor(() => expect(router.state.location.search).toContain('view=5'));
    await waitFor(() =>
      expect(lastListQuery(api)).toMatchObject({
        columns: 'docNumber,docTotal',
        filters: JSON.stringify(january.filters),
        orderBy: 'docTotal',
        orderByDirection: 'asc',
      }),
    );
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('View: January')).toBeInTheDocument();
  });

  it('opens on the view named in the URL (a reload keeps it)', async () => {
    const api = installApi();
    await open('/documentlist/93?view=5');
    await waitFor(() =>
      expect(lastListQuery(api)).toMatchObject({
        columns: 'docNumber,docTotal',
        orderBy: 'docTotal',
      }),
    );
    expect(
      within(screen.getByRole('tablist', { name: 'Status' })).getByRole('tab', {
        name: 'January (saved view, shared)',
      }),
    ).toHaveAttribute('aria-selected', 'true');
  });

  it('chooses columns and a date range; a range that ends before it starts is refused', async () => {
    const api = installApi([]);
    const { router } = await open('/documentlist/93');
    await userEvent.click(screen.getByRole('button', { name: 'Columns and filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns and filters' });
    // The list's columns come first; one is moved and one removed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove column Party' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Invoice Total up' }));

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Add a filter' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Invoice Date' }));
    const from = within(dialog).getByLabelText('Invoice Date from');
    const to = within(dialog).getByLabelText('Invoice Date to');
    await userEvent.type(from, '2026-02-01');
    await userEvent.type(to, '2026-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(
      await within(dialog).findAllByText('The From date is after the To date'),
    ).not.toHaveLength(0);
    expect(router.state.location.search).not.toContain('filters');

    await userEvent.clear(to);
    await userEvent.type(to, '2026-02-28');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(lastListQuery(api)).toMatchObject({
        columns: 'docNumber,docTotal,docInvoiceDate',
        filters: JSON.stringify({
          fields: [
            { field: 'docInvoiceDate', kind: 'dateRange', from: '2026-02-01', to: '2026-02-28' },
          ],
        }),
      }),
    );
    expect(router.state.location.search).toContain('columns=docNumber%2CdocTotal%2CdocInvoiceDate');
  });

  it('saves the list as a named view shared with the company', async () => {
    const api = installApi([]);
    const { router } = await open(
      `/documentlist/93?columns=docNumber,docTotal&filters=${encodeURIComponent('{"fields":[],"exported":"no"}')}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name the view')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('View name'), 'Not exported');
    await userEvent.click(within(dialog).getByLabelText('Share with the company'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('POST', '/api/listviews')).toHaveLength(1));
    expect(api.find('POST', '/api/listviews')[0]!.body).toEqual({
      documentTypeId: 93,
      name: 'Not exported',
      shared: true,
      columns: ['docNumber', 'docTotal'],
      filters: { fields: [], exported: 'no' },
      orderBy: 'id',
      orderByDirection: 'desc',
    });
    await waitFor(() => expect(router.state.location.search).toBe('?view=9'));
  });

  it('shows the filters in force as chips; removing one takes it out of the list query', async () => {
    const api = installApi([]);
    const filters = {
      fields: [{ field: 'docTotal', kind: 'amountRange', min: '1000' }],
      exported: 'no',
    };
    const { router } = await open(
      `/documentlist/93?filters=${encodeURIComponent(JSON.stringify(filters))}`,
    );
    const chips = screen.getByRole('list', { name: 'Filters' });
    expect(within(chips).getByText('Invoice Total: at least $1,000.00')).toBeInTheDocument();
    const notExported = within(chips).getByText('Not exported').closest('.MuiChip-root')!;
    await userEvent.click(within(notExported as HTMLElement).getByTestId('CancelIcon'));
    await waitFor(() =>
      expect(lastListQuery(api).filters).toBe(
        JSON.stringify({ fields: [{ field: 'docTotal', kind: 'amountRange', min: '1000' }] }),
      ),
    );
    expect(router.state.location.search).not.toContain('exported');
  });
});
