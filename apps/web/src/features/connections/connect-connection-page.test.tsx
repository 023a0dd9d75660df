import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type AdminUserListItem, type Connection } from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';
import { emptyConnectionValues } from './connection-form-values';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const profile = (id: number, name: string) => ({
  id,
  name,
  code: `P${id}`,
  knownAs: null,
  phone: null,
  addressLineOne: null,
  addressLineTwo: null,
  city: null,
  state: null,
  country: null,
  zipCode: null,
  isActive: true,
});
const user: AdminUserListItem = {
  id: 8,
  invitationPending: false,
  emailAddress: 'zed@example.com',
  firstName: 'Zed',
  lastName: 'Vance',
  isActive: true,
  blocked: false,
  mainRole: Role.User,
};
const party = {
  ...emptyConnectionValues,
  id: 9,
  partyTypeId: 1,
  partyTypeName: 'Vendor',
  name: 'Hawthorne',
  emails: [] as string[],
  number: 'H-1',
  isTaxValid: false,
  isInviteSent: false,
  isDisconnected: false,
  inviteEmailAddress: null,
  connectedCompanyId: null,
  suggestedCompanyId: 4,
  partyStatus: 'onNetwork',
  companyOrgUnitIds: [],
  companyOrgUnits: [],
} as unknown as Connection;
const noContent = () => new Response(null, { status: 204 });

let linked: {
  alreadyConnected: boolean;
  connectedPartyId: number | null;
  connectedPartyName: string | null;
};
let statusAfterConnect: Connection['partyStatus'];

function installApi(profiles = [profile(5, 'Midland Office')]) {
  linked = { alreadyConnected: false, connectedPartyId: null, connectedPartyName: null };
  statusAfterConnect = 'connecting';
  let connected = false;
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/party/9': () => (connected ? { ...party, partyStatus: statusAfterConnect } : party),
      'GET /api/companyorgunit': () => ({ items: profiles, totalRecords: profiles.length }),
      'GET /api/party/9/checkAlreadyConnected': () => linked,
      'PUT /api/party/9/connect': () => ((connected = true), noContent()),
      'PUT /api/party/9/connectAndCreateOrgUnit': () => ((connected = true), noContent()),
      'GET /api/users/exchange': () => ({ items: [user], totalRecords: 1 }),
      'GET /api/servicesLookup/Countries': () => [
        { code: 'US', name: 'United States of America', isActive: true },
      ],
      'GET /api/servicesLookup/States/US': () => [{ code: 'TX', name: 'Texas' }],
      'GET /api/servicesLookup/TaxTypes/US': () => [],
    } satisfies NonNullable<SignedInOptions['handlers']>,
  });
}

const button = (name: string) => screen.getByRole('button', { name });
const messages = (store: { getSnapshot(): readonly { message: string }[] }) =>
  store.getSnapshot().map((m) => m.message);

/** The due-diligence acceptance asked before connecting (spec 2 §4.2). */
async function acceptDueDiligence() {
  const dialog = await screen.findByRole('dialog');
  const confirm = within(dialog).getByRole('button', { name: 'Connect' });
  expect(confirm).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('checkbox', { name: /due diligence/ }));
  await userEvent.click(confirm);
}

async function startWizard(choice?: string) {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Connect: Hawthorne' }),
  ).toBeVisible();
  expect(screen.getByRole('radio', { name: 'Use an existing profile' })).toBeChecked();
  expect(button('Previous')).toBeDisabled();
  expect(button('Connect')).toBeDisabled();
  if (choice) await userEvent.click(screen.getByRole('radio', { name: choice }));
  await userEvent.click(button('Next'));
  expect(button('Next')).toBeDisabled();
}

describe('Connect wizard', () => {
  it('selects the only profile and connects with it', async () => {
    const api = installApi();
    const { router, snackbarStore } = renderApp('/admin/parties');
    await router.navigate('/admin/connectConnection/9', {
      state: { companyName: 'Hawthorne Royalty Trust' },
    });
    await startWizard();
    const picker = await screen.findByRole('combobox', { name: 'Profile' });
    await waitFor(() => expect(picker).toHaveTextContent('Midland Office'));
    expect(button('Connect')).toBeEnabled();
    await userEvent.click(button('Connect'));
    expect(api.find('PUT', '/api/party/9/connect')).toHaveLength(0);
    await acceptDueDiligence();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/parties'));
    expect(api.find('PUT', '/api/party/9/connect')[0]?.search).toBe('?orgUnitId=5');
    expect(messages(snackbarStore)).toContain('Connection request sent to Hawthorne Royalty Trust');
  });

  it('says connected when the company had asked first (its request was accepted)', async () => {
    installApi();
    statusAfterConnect = 'connected';
    const { router, snackbarStore } = renderApp('/admin/connectConnection/9');
    await startWizard();
    await waitFor(() => expect(button('Connect')).toBeEnabled());
    await userEvent.click(button('Connect'));
    await acceptDueDiligence();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/parties'));
    expect(messages(snackbarStore)).toContain('You are now connected to Hawthorne');
  });

  it('refuses a company already connected through another connection', async () => {
    const api = installApi();
    linked = { alreadyConnected: true, connectedPartyId: 3, connectedPartyName: 'HRT (old)' };
    const { snackbarStore } = renderApp('/admin/connectConnection/9');
    await startWizard();
    await waitFor(() => expect(button('Connect')).toBeEnabled());
    await userEvent.click(button('Connect'));
    await acceptDueDiligence();
    await waitFor(() =>
      expect(messages(snackbarStore)).toContain(
        'This company is already connected, or asked to connect, through HRT (old)',
      ),
    );
    expect(api.find('PUT', '/api/party/9/connect')).toHaveLength(0);
  });

  it('says there are no profiles, and Cancel goes back to the connections', async () => {
    installApi([]);
    const { router } = renderApp('/admin/connectConnection/9');
    await startWizard();
    expect(await screen.findByText('No profiles found. Please create a new profile')).toBeVisible();
    expect(button('Connect')).toBeDisabled();
    await userEvent.click(button('Cancel'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/connections'));
  });

  it('needs a chosen profile when there are several', async () => {
    installApi([profile(5, 'Midland Office'), profile(6, 'Odessa Yard')]);
    renderApp('/admin/connectConnection/9');
    await startWizard();
    expect(button('Connect')).toBeDisabled();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Profile' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Odessa Yard' }));
    expect(button('Connect')).toBeEnabled();
  });

  it('enables Connect once the new profile is valid and sends it', async () => {
    const api = installApi();
    const { router } = renderApp('/admin/connectConnection/9');
    await startWizard('Create a new profile');
    expect(await screen.findByText('There is some required data missing')).toBeVisible();
    expect(button('Connect')).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Main Yard');
    await userEvent.type(screen.getByRole('textbox', { name: 'Company Code' }), 'MY');
    await userEvent.type(screen.getByRole('textbox', { name: 'Zip Code' }), '79701');
    expect(
      screen.getByText('A country must be selected when the Zip Code is populated'),
    ).toBeVisible();
    expect(button('Connect')).toBeDisabled();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Zip Code' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select zed@example.com' }));
    await waitFor(() => expect(button('Connect')).toBeEnabled());
    await userEvent.click(button('Connect'));
    await acceptDueDiligence();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/parties'));
    expect(api.find('PUT', '/api/party/9/connectAndCreateOrgUnit')[0]?.body).toMatchObject({
      name: 'Main Yard',
      code: 'MY',
      users: [8],
    });
  });
});
