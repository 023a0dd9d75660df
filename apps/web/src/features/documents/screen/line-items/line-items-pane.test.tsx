import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import {
  RouteStatus,
  lineItemColumnsFor,
  noDocumentActions,
  type ConnectionWithOrgUnits,
  type DocumentDto,
  type DocumentLineItems,
  type LineItemRowDto,
  type ProposedLineItems,
} from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../../../test/render-app';
import { buildArInvoice, draftValues } from '../test/document-fixtures';
import { READ_FROM_DOCUMENT } from './line-items-pane';

vi.setConfig({ testTimeout: 120_000 });
vi.mock('../viewer/lazy-viewer', () => ({
  LazyFileViewer: () => <div data-testid="viewer" />,
}));
afterEach(() => vi.unstubAllGlobals());

const row = (lineNumber: number, cells: Record<string, string | null>): LineItemRowDto => ({
  id: lineNumber,
  lineNumber,
  cells: Object.entries(cells).map(([key, value]) => ({ key, value })),
});

/** The Bill To choices of the purchaser (as in document-screen.test.tsx). */
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

const hauling = { description: 'Hauling', quantity: '2', unitPrice: '500', amount: '1000.00' };
const labour = { description: 'Labour', quantity: '1', unitPrice: '250', amount: '250.00' };
const noCoding = { afe: null, costCenter: null, accountCode: null, well: null, property: null };

function linesOf(
  doc: DocumentDto,
  editable: { lines: boolean; coding: boolean },
): DocumentLineItems {
  return {
    documentId: doc.id,
    columns: lineItemColumnsFor(doc.side).map((c) => ({
      key: c.key,
      name: c.name,
      owner: c.owner,
      valueType: c.valueType,
      accountKind: c.accountKind,
      isRequired: c.isRequired ?? false,
      isAmount: c.isAmount ?? false,
      isReadonly: c.owner === 'sender' ? !editable.lines : !editable.coding,
    })),
    rows: doc.lineItems,
    canEditLines: editable.lines,
    canEditCoding: editable.coding,
    ruleResults: [],
  };
}

function install(
  doc: DocumentDto,
  editable: { lines: boolean; coding: boolean },
  proposed: Partial<ProposedLineItems> = {},
  handlers: SignedInOptions['handlers'] = {},
) {
  return installSessionApi({
    handlers: {
      [`GET /api/documents/${doc.id}`]: () => doc,
      [`GET /api/documents/${doc.id}/lineItems`]: () => linesOf(doc, editable),
      [`GET /api/documents/${doc.id}/ProposedLineItems/1/-1`]: () => ({
        columnHeaders: lineItemColumnsFor(doc.side).map((c) => ({ name: c.name, key: c.key })),
        rows: doc.lineItems,
        suggestedRows: [],
        totalRecords: doc.lineItems.length,
        ...proposed,
      }),
      'GET /api/accountcodes/1': () => [
        { id: 1, accountKind: 1, code: '24-017', name: 'Delaware' },
      ],
      [`GET /api/documentAttachments/document/${doc.id}`]: () => [],
      [`GET /api/history/document/${doc.id}`]: () => [],
      [`GET /api/documents/${doc.id}/versions`]: () => [],
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      'GET /api/metadata/9310/lookupvalues': () => [{ id: 1, lookupValue: 'Net 30' }],
      'GET /api/party/getByIdWithConnectedOrgUnits/31': () => purchaser,
      ...handlers,
    },
  });
}

async function openPane(count: number) {
  await userEvent.click(
    await screen.findByRole('switch', { name: `Show Detail Items (${count})` }),
  );
  return screen.findByRole('table', { name: 'Line items' });
}

describe('the detail line items pane (sender)', () => {
  it('opens from the switch at 40 %, resizes by keyboard down to 20 %, and saves edited lines', async () => {
    const doc = buildArInvoice({ lineItems: [row(1, hauling), row(2, labour)] });
    const api = install(
      doc,
      { lines: true, coding: false },
      {},
      {
        [`PUT /api/documents/${doc.id}/lineItems`]: () =>
          linesOf(doc, { lines: true, coding: false }),
      },
    );
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(2);
    const separator = screen.getByRole('separator', { name: 'Resize the detail line items' });
    expect(separator).toHaveAttribute('aria-valuenow', '40');
    separator.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(separator).toHaveAttribute('aria-valuenow', '35');
    await userEvent.keyboard('{End}');
    expect(separator).toHaveAttribute('aria-valuenow', '20');
    await userEvent.keyboard('{ArrowDown}');
    expect(separator).toHaveAttribute('aria-valuenow', '20');
    await userEvent.keyboard('{ArrowUp}');
    expect(separator).toHaveAttribute('aria-valuenow', '25');

    const amount = within(table).getByRole('textbox', { name: 'Amount, line 2' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '300.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save lines' }));
    await waitFor(() =>
      expect(api.find('PUT', `/api/documents/${doc.id}/lineItems`)[0]?.body).toEqual({
        lines: [
          { description: 'Hauling', quantity: '2', unitPrice: '500', amount: '1000.00' },
          { description: 'Labour', quantity: '1', unitPrice: '250', amount: '300.00' },
        ],
      }),
    );
  });

  it('offers the price book items shared with the receiver and fills the line from the one picked (issue 32)', async () => {
    const doc = buildArInvoice({ lineItems: [row(1, { ...hauling, quantity: '3' })] });
    const api = install(
      doc,
      { lines: true, coding: false },
      {},
      {
        'GET /api/pricebooks': () => [
          {
            id: 5,
            direction: 'published',
            partyId: 31,
            counterpartyName: 'Red Mesa Operating Co.',
            currentVersion: null,
            versionCount: 1,
          },
        ],
        'GET /api/pricebooks/typeahead': () => [
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
            contractNumber: null,
            priceBookId: 5,
            versionId: 11,
            versionNumber: 2,
            direction: 'published',
          },
        ],
      },
    );
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(1);
    const description = await within(table).findByRole('combobox', {
      name: 'Description, line 1',
    });
    await userEvent.clear(description);
    await userEvent.type(description, 'vac');
    await userEvent.click(await screen.findByRole('option', { name: /VAC-130 — Vacuum truck/ }));
    expect(description).toHaveValue('VAC-130 Vacuum truck, 130 bbl');
    expect(within(table).getByRole('textbox', { name: 'Unit Price, line 1' })).toHaveValue('95.00');
    expect(within(table).getByRole('textbox', { name: 'Amount, line 1' })).toHaveValue('285.00');
    const asked = api.find('GET', '/api/pricebooks/typeahead').at(-1);
    expect(new URLSearchParams(asked?.search).get('partyId')).toBe('31');
  });

  it('keeps the plain description where no price book is shared', async () => {
    const doc = buildArInvoice({ lineItems: [row(1, hauling)] });
    install(doc, { lines: true, coding: false }, {}, { 'GET /api/pricebooks': () => [] });
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(1);
    expect(within(table).getByRole('textbox', { name: 'Description, line 1' })).toHaveValue(
      'Hauling',
    );
  });

  it('deleting the only row clears it; adding a row appends a blank one', async () => {
    const doc = buildArInvoice({ lineItems: [row(1, hauling)] });
    install(doc, { lines: true, coding: false });
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Delete line 1' }));
    expect(within(table).getByRole('textbox', { name: 'Description, line 1' })).toHaveValue('');
    expect(screen.getByRole('switch', { name: 'Show Detail Items (0)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(within(table).getByRole('textbox', { name: 'Description, line 2' })).toBeInTheDocument();
  });

  it('adds selected suggestions, clearing the blank first row; Add selected waits for a choice', async () => {
    const doc = buildArInvoice({ lineItems: [] });
    install(
      doc,
      { lines: true, coding: false },
      {
        suggestedRows: [
          {
            lineNumber: null,
            timesUsed: 3,
            cells: row(0, { description: 'Rig-up', quantity: '1', unitPrice: '250', amount: '250' })
              .cells,
          },
        ],
      },
    );
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(0);
    const add = await screen.findByRole('button', { name: 'Add selected' });
    expect(add).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select suggestion Rig-up' }));
    await userEvent.click(add);
    expect(within(table).getByRole('textbox', { name: 'Description, line 1' })).toHaveValue(
      'Rig-up',
    );
    expect(
      within(table).queryByRole('textbox', { name: 'Description, line 2' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show Detail Items (1)' })).toBeInTheDocument();
  });

  it('shows rows read from the invoice (auto-extraction) as suggestions to accept', async () => {
    const doc = buildArInvoice({ lineItems: [] });
    install(
      doc,
      { lines: true, coding: false },
      {
        suggestedRows: [
          {
            lineNumber: null,
            timesUsed: 0,
            source: 'document',
            cells: row(0, {
              description: 'Hot oiling',
              quantity: '2',
              unitPrice: '300',
              amount: '600',
            }).cells,
          },
          {
            lineNumber: null,
            timesUsed: 3,
            cells: row(0, { description: 'Rig-up', quantity: '1', unitPrice: '250', amount: '250' })
              .cells,
          },
        ],
      },
    );
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(0);
    const suggestions = await screen.findByRole('table', { name: 'Suggested rows' });
    const [, read, used] = within(suggestions).getAllByRole('row');
    expect(read).toHaveTextContent(READ_FROM_DOCUMENT);
    expect(used).toHaveTextContent('Used 3×');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select suggestion Hot oiling' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add selected' }));
    expect(within(table).getByRole('textbox', { name: 'Description, line 1' })).toHaveValue(
      'Hot oiling',
    );
  });

  it('Send refuses lines that do not add up to the total, in the spec wording', async () => {
    const doc = buildArInvoice({ lineItems: [row(1, hauling)] });
    const api = install(doc, { lines: true, coding: false });
    renderApp(`/documents/${doc.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Detail item total ($1,000.00) does not match Invoice Total ($1,250.00)',
      ),
    ).toBeInTheDocument();
    expect(api.find('PUT', `/api/documents/${doc.id}/publish`)).toHaveLength(0);
  });

  it('has no switch for a type without line items', async () => {
    const doc = buildArInvoice({ lineItemsEnabled: false });
    install(doc, { lines: true, coding: false });
    renderApp(`/documents/${doc.id}`);
    await screen.findByRole('button', { name: 'Send' });
    expect(screen.queryByRole('switch', { name: /Show Detail Items/ })).not.toBeInTheDocument();
  });
});

describe('the detail line items pane (receiver)', () => {
  const received = () =>
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
        lineItems: [row(1, { ...hauling, ...noCoding }), row(2, { ...labour, ...noCoding })],
      },
      draftValues,
    );

  it("shows the vendor's cells read-only, applies a suggestion and saves only its coding", async () => {
    const doc = received();
    const api = install(
      doc,
      { lines: false, coding: true },
      {
        suggestedRows: [
          {
            lineNumber: 2,
            timesUsed: 4,
            cells: row(2, { ...labour, ...noCoding, afe: '24-022', costCenter: 'CC-100' }).cells,
          },
        ],
      },
      {
        [`PUT /api/documents/${doc.id}/lineItems/coding`]: () =>
          linesOf(doc, { lines: false, coding: true }),
      },
    );
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(2);
    expect(within(table).queryByRole('textbox', { name: 'Description, line 1' })).toBeNull();
    expect(within(table).getByLabelText('Description, line 1')).toHaveTextContent('Hauling');
    expect(screen.getByRole('button', { name: 'Add row' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Delete line 1' })).toBeDisabled();

    const apply = await screen.findByRole('button', { name: 'Apply selected' });
    expect(apply).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select suggestion for line 2' }));
    await userEvent.click(apply);
    expect(within(table).getByRole('combobox', { name: 'AFE, line 2' })).toHaveValue('24-022');
    const afe1 = within(table).getByRole('combobox', { name: 'AFE, line 1' });
    fireEvent.change(afe1, { target: { value: '24-017' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save coding' }));
    await waitFor(() =>
      expect(api.find('PUT', `/api/documents/${doc.id}/lineItems/coding`)[0]?.body).toEqual({
        lines: [
          {
            lineNumber: 1,
            afe: '24-017',
            costCenter: null,
            accountCode: null,
            well: null,
            property: null,
          },
          {
            lineNumber: 2,
            afe: '24-022',
            costCenter: 'CC-100',
            accountCode: null,
            well: null,
            property: null,
          },
        ],
      }),
    );
    // jsdom cannot lay out text, so colour contrast is checked in the browser (e2e).
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('totals, Quantity × Unit Price and money (issue 27 items 14, 15)', () => {
  it('shows the running total beside the invoice total and warns about a line whose product is not its amount', async () => {
    const doc = buildArInvoice({ lineItems: [row(1, hauling)] });
    install(doc, { lines: true, coding: false });
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(1);
    expect(screen.getByTestId('lines-total')).toHaveTextContent(
      'Lines total $1,000.00 · Invoice Total $1,250.00',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.type(
      within(table).getByRole('textbox', { name: 'Description, line 2' }),
      'Fuel',
    );
    await userEvent.type(within(table).getByRole('textbox', { name: 'Quantity, line 2' }), '1');
    await userEvent.type(within(table).getByRole('textbox', { name: 'Unit Price, line 2' }), '10');
    await userEvent.type(within(table).getByRole('textbox', { name: 'Amount, line 2' }), '20');
    expect(screen.getByTestId('lines-total')).toHaveTextContent('Lines total $1,020.00');
    expect(
      screen.getByText(
        'Line 2: Quantity × Unit Price (1 × $10.00 = $10.00) does not match Amount ($20.00)',
      ),
    ).toBeInTheDocument();
    const amount = within(table).getByRole('textbox', { name: 'Amount, line 2' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '10');
    expect(screen.queryByText(/does not match Amount/)).not.toBeInTheDocument();
  });

  it("shows the receiver the vendor's amounts as money and the whole description", async () => {
    const long = 'Hauling of produced water from the Delaware 24-017 pad to the disposal well';
    const doc = buildArInvoice(
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
        lineItems: [row(1, { ...hauling, description: long, ...noCoding })],
      },
      draftValues,
    );
    install(doc, { lines: false, coding: true });
    renderApp(`/documents/${doc.id}`);
    const table = await openPane(1);
    expect(within(table).getByLabelText('Amount, line 1')).toHaveTextContent('$1,000.00');
    expect(within(table).getByLabelText('Unit Price, line 1')).toHaveTextContent('$500.00');
    expect(within(table).getByLabelText('Description, line 1')).toHaveTextContent(long);
  });
});
