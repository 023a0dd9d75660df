import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Connection } from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';
import { emptyConnectionValues } from './connection-form-values';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const profile = {
  id: 3,
  name: 'Midland',
  code: 'MID',
  knownAs: null,
  phone: null,
  addressLineOne: null,
  addressLineTwo: null,
  city: null,
  state: null,
  country: null,
  zipCode: null,
  isActive: true,
};
const stored = {
  ...emptyConnectionValues,
  id: 9,
  partyTypeId: 1,
  partyTypeName: 'Vendor',
  name: 'Apex Oil',
  number: 'A-1',
  emails: ['ap@apex.example'],
  country: 'US',
  state: 'TX',
  taxIdentifier: '12-3456789',
  isTaxValid: true,
  isInviteSent: false,
  isDisconnected: false,
  inviteEmailAddress: null,
  connectedCompanyId: 4,
  suggestedCompanyId: null,
  partyStatus: 'connected',
  companyOrgUnitIds: [3],
  companyOrgUnits: [{ id: 3, name: 'Midland' }],
} as unknown as Connection;
const row = {
  id: 9,
  partyTypeId: 1,
  partyTypeName: 'Vendor',
  name: 'Apex Oil',
  number: 'A-1',
  phone: '432-555-0100',
  companyOrgUnits: [{ id: 3, name: 'Midland' }],
  effectiveFromDate: null,
  effectiveThruDate: null,
  isActive: true,
  partyStatus: 'notOnNetwork',
  connectedCompanyId: null,
  connectedCompanyName: null,
  suggestedCompanyId: null,
  suggestedCompanyName: null,
};

function installApi(handlers: NonNullable<SignedInOptions['handlers']> = {}) {
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/party/grid/search': () => ({ items: [row], totalRecords: 1 }),
      'GET /api/party/9': () => stored,
      'POST /api/party': () => ({ ...stored, id: 10 }),
      'GET /api/companyorgunit': () => ({ items: [profile], totalRecords: 1 }),
      'GET /api/servicesLookup/Countries': () => [
        { code: 'CA', name: 'Canada', isActive: true },
        { code: 'US', name: 'United States of America', isActive: true },
      ],
      'GET /api/servicesLookup/States/US': () => [{ code: 'TX', name: 'Texas' }],
      'GET /api/servicesLookup/States/CA': () => [{ code: 'ON', name: 'Ontario' }],
      'GET /api/servicesLookup/TaxTypes/US': () => [
        { code: 'EIN', name: 'EIN', format: 'NN-NNNNNNN' },
      ],
      'GET /api/servicesLookup/TaxTypes/CA': () => [],
      ...handlers,
    },
  });
}

describe('Connections list', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1400, height: 800 }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for 50 rows by name and shows the status', async () => {
    const api = installApi();
    renderApp('/admin/parties');
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Not on network');
    const search = api.find('GET', '/api/party/grid/search')[0]?.search ?? '';
    expect(search).toContain('itemsPerPage=50');
    expect(search).toContain('orderBy=name');
    expect(search).not.toContain('partyStatus');
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    // Spec 2 §2.12: Type, Number and Company are hidden columns (Company needs the flag).
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Connection Name', 'Phone', 'Status']));
    for (const hidden of ['Type', 'Number', 'Company']) expect(headers).not.toContain(hidden);
  });

  it('shows the Company column with the network-match enhancement flag', async () => {
    installSessionApi({
      user: admin,
      featureFlags: { networkMatchEnhancementFlag: true },
      handlers: {
        'GET /api/terminology': () => [],
        'GET /api/party/grid/search': () => ({
          items: [{ ...row, suggestedCompanyId: 4, suggestedCompanyName: 'Apex Network Co' }],
          totalRecords: 1,
        }),
      },
    });
    renderApp('/admin/parties');
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Apex Network Co')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
  });

  it('possible connections: only not-on-network rows, no status filter, selectable', async () => {
    const api = installApi();
    renderApp('/admin/connections');
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Apex Oil');
    expect(api.find('GET', '/api/party/grid/search')[0]?.search).toContain(
      'partyStatus=notOnNetwork',
    );
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(within(grid).getAllByRole('checkbox').length).toBeGreaterThan(0);
  });

  it('possible connections: Connect for the selection invites each at its e-mail', async () => {
    const api = installApi({
      'GET /api/party/9': () => ({
        ...stored,
        partyStatus: 'notOnNetwork',
        connectedCompanyId: null,
      }),
      'PUT /api/party/9/invite': () => new Response(null, { status: 204 }),
    });
    const { snackbarStore } = renderApp('/admin/connections');
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Apex Oil');
    expect(screen.queryByRole('button', { name: /^Connect \(/ })).not.toBeInTheDocument();
    await userEvent.click(within(grid).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Connect (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect 1 selected' });
    expect(await within(dialog).findByText('ap@apex.example')).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Connect' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /due diligence/ }));
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(snackbarStore.getSnapshot().map((m) => m.message)).toContain(
        'Invitation sent to 1 connection',
      ),
    );
    expect(api.find('PUT', '/api/party/9/invite')[0]?.body).toEqual({ email: 'ap@apex.example' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Connection form', () => {
  it('shows the spec messages, then creates the connection', async () => {
    const api = installApi();
    const { snackbarStore } = renderApp('/admin/connection/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(5);
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendor' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Apex Oil');
    await userEvent.type(screen.getByRole('textbox', { name: 'Number' }), 'A-1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tax Identifier' }), '123456789');
    await userEvent.type(screen.getByRole('textbox', { name: 'Emails' }), 'a@apex.example oops');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('oops is not a valid email')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Emails' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Emails' }), 'a@apex.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.find('POST', '/api/party')).toHaveLength(1));
    await waitFor(() => expect(snackbarStore.getSnapshot()[0]?.message).toBe('Connection Saved'));
    // Typing a whole form with user-event takes ~10 s on a busy 2-core machine.
  }, 120_000);

  it('clears the state when the country changes and labels the postal code', async () => {
    installApi();
    renderApp('/admin/connection/9');
    const primary = await screen.findByRole('region', { name: 'Primary Address' });
    expect(within(primary).getByRole('textbox', { name: 'Zip Code' })).toBeInTheDocument();
    await userEvent.click(within(primary).getByRole('combobox', { name: 'Country' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Canada' }));
    expect(within(primary).getByRole('textbox', { name: 'Postal Code' })).toBeInTheDocument();
    // The state was cleared: the select shows no province.
    expect(within(primary).getByRole('combobox', { name: 'Province' })).not.toHaveTextContent(
      'Texas',
    );
  });

  it('refuses to delete a connected connection with the spec message', async () => {
    installApi();
    const { snackbarStore } = renderApp('/admin/connection/9');
    expect(await screen.findByLabelText('Connection status')).toHaveTextContent('Connected');
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(snackbarStore.getSnapshot()[0]?.message).toBe(
      'Connected connection or connections with pending invites cannot be deleted',
    );
  });
});

describe('deleting a connection', () => {
  it("says 'Connection Deleted' and does not fetch the deleted connection again", async () => {
    let deleted = false;
    const api = installApi({
      'GET /api/party/9': () =>
        deleted
          ? new Response(
              JSON.stringify({
                error: { message: 'Connection not found', code: 'party_not_found' },
              }),
              { status: 404, headers: { 'content-type': 'application/json' } },
            )
          : { ...stored, partyStatus: 'notOnNetwork', connectedCompanyId: null },
      'DELETE /api/party/9': () => ((deleted = true), new Response(null, { status: 204 })),
    });
    const { router, snackbarStore } = renderApp('/admin/connection/9');
    expect(await screen.findByLabelText('Connection status')).toHaveTextContent('Not on network');
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/parties'));
    await screen.findByRole('grid');
    const messages = snackbarStore.getSnapshot().map((m) => m.message);
    expect(messages).toContain('Connection Deleted');
    expect(messages).not.toContain('Connection not found');
    expect(api.find('GET', '/api/party/9')).toHaveLength(1);
  });
});
