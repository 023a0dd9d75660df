import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type AdminUserListItem, type Invitation } from '@flowline/shared';
import { apiError } from '../../test/fake-api';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const invitation: Invitation = {
  id: 12,
  kind: 'invite',
  status: 'pending',
  companyName: 'Permian Basin Services LLC',
  senderCompanyId: 3,
  expired: false,
  accepted: false,
  updateUser: null,
  actionedByUserName: null,
  actionedAt: null,
  isConnected: false,
  receivedDate: '2026-01-05T00:00:00.000Z',
  expiresAt: '2026-01-19T00:00:00.000Z',
  senderOrgUnitNameOfReceiverCompany: null,
  senderPartyNameOfReceiverCompany: null,
  senderPartyTypeOfReceiverCompany: 1,
  companyAddress: '1 Main St, Midland, TX',
  senderEmail: 'admin@permian.example',
  maskedTaxNumber: '**-***4567',
  parties: [],
};
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
const user = (id: number, firstName: string, emailAddress: string): AdminUserListItem => ({
  id,
  emailAddress,
  firstName,
  lastName: 'Vance',
  isActive: true,
  blocked: false,
  invitationPending: false,
  mainRole: Role.User,
});
const accepted = {
  invitationId: 12,
  partyId: 40,
  orgUnitId: 5,
  companyName: invitation.companyName,
};

function installAcceptApi(
  profiles = [profile(5, 'Midland Office')],
  handlers: NonNullable<SignedInOptions['handlers']> = {},
) {
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/invitation/pending/count': () => ({ count: 1 }),
      'GET /api/invitation/getbyid/12': () => invitation,
      'GET /api/companyorgunit': () => ({ items: profiles, totalRecords: profiles.length }),
      'POST /api/invitation/accept': () => accepted,
      'POST /api/invitation/exchangeAccept/12': () => accepted,
      'GET /api/users/exchange': () => ({
        items: [user(8, 'Zed', 'zed@example.com'), user(9, 'Abe', 'abe@example.com')],
        totalRecords: 2,
      }),
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

const button = (name: string) => screen.getByRole('button', { name });
const messages = (store: { getSnapshot(): readonly { message: string }[] }) =>
  store.getSnapshot().map((m) => m.message);

async function goToStepThree(choice?: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Accept Invitation' })).toBeVisible();
  expect(button('Next')).toBeDisabled();
  expect(button('Previous')).toBeDisabled();
  expect(button('Accept')).toBeDisabled();
  await userEvent.click(screen.getByRole('checkbox', { name: /due diligence per company policy/ }));
  await userEvent.click(button('Next'));
  expect(
    screen.getByRole('radio', { name: 'Use a profile with an existing connection (recommended)' }),
  ).toBeChecked();
  expect(button('Accept')).toBeDisabled();
  if (choice) await userEvent.click(screen.getByRole('radio', { name: choice }));
  await userEvent.click(button('Next'));
  expect(button('Next')).toBeDisabled();
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Accept invitation wizard', () => {
  it('gates the steps and accepts with the single profile, preselected and fixed', async () => {
    const api = installAcceptApi();
    const { router, snackbarStore } = renderApp('/admin/invitation/12');
    await goToStepThree();
    const picker = await screen.findByRole('combobox', { name: 'Profile' });
    await waitFor(() => expect(picker).toHaveTextContent('Midland Office'));
    expect(picker).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button('Accept'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/parties'));
    expect(api.find('POST', '/api/invitation/accept')[0]?.body).toEqual({
      invitationId: 12,
      orgUnitId: 5,
    });
    expect(messages(snackbarStore)).toContain(
      'You are now connected to Permian Basin Services LLC',
    );
  });

  it('needs a chosen profile when there are several, and shows the server refusal', async () => {
    installAcceptApi([profile(5, 'Midland Office'), profile(6, 'Odessa Yard')], {
      'POST /api/invitation/accept': () =>
        apiError(409, 'This invitation has expired', 'invitation_expired'),
    });
    const { snackbarStore } = renderApp('/admin/invitation/12');
    await goToStepThree();
    expect(button('Accept')).toBeDisabled();
    await choose('Profile', 'Odessa Yard');
    expect(button('Accept')).toBeEnabled();
    await userEvent.click(button('Accept'));
    await waitFor(() => expect(messages(snackbarStore)).toContain('This invitation has expired'));
  });

  it("says Couldn't accept invitation when the server sent no message", async () => {
    installAcceptApi(undefined, {
      'POST /api/invitation/accept': () => new Response('Bad Gateway', { status: 502 }),
    });
    const { snackbarStore } = renderApp('/admin/invitation/12');
    await goToStepThree();
    await waitFor(() => expect(button('Accept')).toBeEnabled());
    await userEvent.click(button('Accept'));
    await waitFor(() => expect(messages(snackbarStore)).toContain("Couldn't accept invitation"));
  });

  it('titles an additional invitation and cancels to the list', async () => {
    installAcceptApi();
    const { router } = renderApp('/admin/invitation/12');
    await screen.findByRole('heading', { level: 1, name: 'Accept Invitation' });
    await router.navigate('/admin/invitation/12', { state: { isAdditionalInvite: true } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Accept Additional Invitation' }),
    ).toBeVisible();
    await userEvent.click(button('Cancel'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/invitations'));
  });

  it('validates a new profile with the wizard messages, then accepts with it', async () => {
    const api = installAcceptApi();
    renderApp('/admin/invitation/12');
    await goToStepThree('Create a new profile (advanced)');
    const users = await screen.findByRole('table', { name: 'Users' });
    const emails = within(users)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.lastChild?.textContent);
    expect(emails).toEqual(['abe@example.com', 'zed@example.com']);
    expect(button('Accept')).toBeEnabled();

    await userEvent.click(button('Accept'));
    expect(await screen.findByText('There is some required data missing')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Main Yard');
    await userEvent.type(screen.getByRole('textbox', { name: 'Company Code' }), 'MY');
    await userEvent.type(screen.getByRole('textbox', { name: 'Zip Code' }), '79701');
    await userEvent.click(button('Accept'));
    expect(
      await screen.findByText('A country must be selected when the Zip Code is populated'),
    ).toBeVisible();

    await choose('Country', 'United States of America');
    expect(screen.getByRole('textbox', { name: 'Zip Code' })).toHaveValue('');
    await userEvent.click(button('Accept'));
    expect(
      await screen.findByText('Please fill in all address fields when a country is selected'),
    ).toBeVisible();

    await choose('State', 'Texas');
    await userEvent.type(screen.getByRole('textbox', { name: 'Address line one' }), '1 Main St');
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Midland');
    await userEvent.type(screen.getByRole('textbox', { name: 'Zip Code' }), '7970');
    await userEvent.click(button('Accept'));
    expect(await screen.findByText('Please fix the Zip Code issue')).toBeVisible();

    await choose('Country', 'Canada');
    expect(screen.getByRole('textbox', { name: 'Postal Code' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Province' })).toBeInTheDocument();
    await choose('Province', 'Ontario');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postal Code' }), '12345');
    await userEvent.click(button('Accept'));
    expect(await screen.findByText('Please fix the Postal Code issue')).toBeVisible();

    await userEvent.clear(screen.getByRole('textbox', { name: 'Postal Code' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Postal Code' }), 'K1A 0B1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select abe@example.com' }));
    await userEvent.click(button('Accept'));
    await waitFor(() =>
      expect(api.find('POST', '/api/invitation/exchangeAccept/12')).toHaveLength(1),
    );
    expect(api.find('POST', '/api/invitation/exchangeAccept/12')[0]?.body).toMatchObject({
      name: 'Main Yard',
      code: 'MY',
      country: 'CA',
      state: 'ON',
      zipCode: 'K1A 0B1',
      users: [9],
    });
  });
});
