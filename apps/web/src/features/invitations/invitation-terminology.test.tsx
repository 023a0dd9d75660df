import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Invitation } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

/**
 * Issue 11 item 17: the invitation list and the accept wizard name connections and profiles with
 * the company's terminology ('Partner', 'Division' here) like every other screen.
 */
afterEach(() => vi.unstubAllGlobals());

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
  receivedDate: '2026-01-05T12:00:00.000Z',
  expiresAt: '2026-01-19T00:00:00.000Z',
  senderOrgUnitNameOfReceiverCompany: null,
  senderPartyNameOfReceiverCompany: null,
  receiverPartyName: 'Caprock Hauling',
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

function install(profiles = [profile(5, 'Midland Office'), profile(6, 'Odessa Yard')]) {
  installSessionApi({
    user: { roles: [Role.Administrator], mainRole: Role.Administrator },
    handlers: {
      'GET /api/terminology': () => [
        { terminologyId: 1, terminologyName: 'Profile', customizedName: 'Division' },
        { terminologyId: 2, terminologyName: 'Vendor', customizedName: null },
        { terminologyId: 3, terminologyName: 'Connection', customizedName: 'Partner' },
      ],
      'GET /api/invitation/pending/count': () => ({ count: 1 }),
      'GET /api/invitation/pending': () => [invitation],
      'GET /api/invitation/getbyid/12': () => invitation,
      'GET /api/companyorgunit': () => ({ items: profiles, totalRecords: profiles.length }),
      'GET /api/users/exchange': () => ({ items: [], totalRecords: 0 }),
      'GET /api/servicesLookup/Countries': () => [],
    },
  });
}

describe("invitations in the company's terminology", () => {
  it("names the list's name column after the company's word for a connection", async () => {
    install();
    renderApp('/admin/invitations');
    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    await within(grid).findByText('Caprock Hauling');
    expect(
      await within(grid).findByRole('columnheader', { name: 'Partner Name' }),
    ).toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: 'Connection Name' })).toBeNull();
  });

  it("names the accept wizard's steps, choices and picker after the company's terms", async () => {
    install();
    renderApp('/admin/invitation/12');
    expect(await screen.findByText('Division choice')).toBeVisible();
    expect(screen.queryByText('Profile choice')).toBeNull();
    await userEvent.click(
      screen.getByRole('checkbox', { name: /due diligence per company policy/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Which division should hold this partner?')).toBeVisible();
    expect(
      screen.getByRole('radio', { name: 'Use a division with an existing partner (recommended)' }),
    ).toBeChecked();
    expect(
      screen.getByRole('radio', { name: 'Create a new division (advanced)' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Division' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('combobox', { name: 'Profile' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Create a new division (advanced)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('form', { name: 'New division' })).toBeInTheDocument();
  });

  it("says so in the company's words when there is no profile to pick", async () => {
    install([]);
    renderApp('/admin/invitation/12');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: /due diligence per company policy/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'The company has no active division yet. Go back and choose to create a new division.',
      ),
    ).toBeVisible();
  });
});
