import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type AdminUserListItem, type OrgUnit } from '@flowline/shared';
import { apiError } from '../../test/fake-api';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';
import { emptyOrgUnitValues } from './org-unit-form-values';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const paula: AdminUserListItem = {
  id: 7,
  emailAddress: 'paula@permian.example',
  firstName: 'Paula',
  lastName: 'Vance',
  isActive: true,
  blocked: false,
  invitationPending: false,
  mainRole: Role.Administrator,
};
const stored: OrgUnit = {
  ...emptyOrgUnitValues,
  id: 5,
  name: 'Midland Office',
  code: 'MID',
  knownAs: null,
  phone: '432-555-0142',
  addressLineOne: '500 W Wall St',
  city: 'Midland',
  country: 'US',
  state: 'TX',
  zipCode: '79701',
  isTaxIdValid: false,
  users: [7],
} as OrgUnit;

function installOrgUnitApi(handlers: NonNullable<SignedInOptions['handlers']> = {}) {
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/companyorgunit': () => ({ items: [stored], totalRecords: 1 }),
      'GET /api/companyorgunit/5': () => stored,
      'POST /api/companyorgunit': () => ({ ...stored, id: 6 }),
      'PUT /api/companyorgunit/5': () => stored,
      'DELETE /api/companyorgunit/5': () => new Response(null, { status: 204 }),
      'GET /api/users/exchange': () => ({ items: [paula], totalRecords: 1 }),
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

const region = (name: string) => screen.getByRole('region', { name });

async function chooseCountry(section: string, name: string) {
  await userEvent.type(
    within(region(section)).getByRole('combobox', { name: 'Country' }),
    name.slice(0, 4),
  );
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('Profiles list', () => {
  // jsdom lays nothing out; the grid renders its columns only once its root has a size.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1400, height: 800 }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the spec columns, searches on the server and opens a row', async () => {
    const api = installOrgUnitApi();
    const { router } = renderApp('/admin/orgunits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profiles' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Profile' })).toHaveAttribute(
      'href',
      '/admin/orgunit/create',
    );
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Midland');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Name',
      'Code',
      'Address line 1',
      'Address line 2',
      'City',
      'Zip Code',
      'Phone number',
      'Is Active',
    ]);
    expect(within(grid).getByText('Yes')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'mid');
    await waitFor(() =>
      expect(
        api.find('GET', '/api/companyorgunit').some((r) => r.search.includes('query=mid')),
      ).toBe(true),
    );
    expect(api.find('GET', '/api/companyorgunit')[0]?.search).toContain('pageSize=25');
    await userEvent.click(within(grid).getByText('MID'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orgunit/5'));
  });

  it('uses the company term', async () => {
    installOrgUnitApi({
      'GET /api/terminology': () => [
        { terminologyId: 1, terminologyName: 'OrgUnit', customizedName: 'Division' },
      ],
    });
    renderApp('/admin/orgunits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Divisions' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'New Division' })).toBeInTheDocument();
  });
});

describe('Profile form', () => {
  it('refuses a partial address with the spec message, then creates the profile', async () => {
    const api = installOrgUnitApi();
    const { router, snackbarStore } = renderApp('/admin/orgunit/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Profile' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Odessa Yard');
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'ODE');
    await userEvent.type(
      within(region('Main Address')).getByRole('textbox', { name: 'City' }),
      'Odessa',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Valid address should contain Line one, City, Country, State and Zip/postal code',
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/companyorgunit')).toHaveLength(0);

    const main = region('Main Address');
    await chooseCountry('Main Address', 'United States of America');
    await userEvent.click(within(main).getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Texas' }));
    await userEvent.type(
      within(main).getByRole('textbox', { name: 'Address Line 1' }),
      '1200 N Grant Ave',
    );
    await userEvent.type(within(main).getByRole('textbox', { name: 'Zip Code' }), '79761');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Assign Paula Vance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('POST', '/api/companyorgunit')).toHaveLength(1));
    expect(api.find('POST', '/api/companyorgunit')[0]?.body).toMatchObject({
      name: 'Odessa Yard',
      code: 'ODE',
      country: 'US',
      state: 'TX',
      zipCode: '79761',
      users: [7],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orgunits'));
    expect(snackbarStore.getSnapshot().map((m) => m.message)).toContain('Profile Created');
  });

  it('checks the zip per country and clears zip and state when the country changes', async () => {
    installOrgUnitApi();
    renderApp('/admin/orgunit/5');
    const main = await screen.findByRole('region', { name: 'Main Address' });
    const zip = await within(main).findByRole('textbox', { name: 'Zip Code' });
    await userEvent.clear(zip);
    await userEvent.type(zip, '7970');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a 5 or 9 digit code')).toBeInTheDocument();

    await userEvent.clear(within(main).getByRole('combobox', { name: 'Country' }));
    await chooseCountry('Main Address', 'Canada');
    expect(within(main).getByRole('textbox', { name: 'Postal Code' })).toHaveValue('');
    expect(within(main).getByRole('combobox', { name: 'Province' })).toBeInTheDocument();
  });

  it('requires a tax type when a number is present', async () => {
    installOrgUnitApi();
    renderApp('/admin/orgunit/5');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Tax Identification Number' }),
      '75-1234567',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Required when Tax Identification Number is populated'),
    ).toBeInTheDocument();
  });

  it('saves from the Actions menu and deletes after confirmation, showing refusals', async () => {
    const inUse =
      'This Profile cannot be deleted because connections, ACH forms or users are assigned to it.';
    const api = installOrgUnitApi({
      'DELETE /api/companyorgunit/5': () => apiError(409, inUse, 'org_unit_in_use'),
    });
    const { snackbarStore } = renderApp('/admin/orgunit/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit Profile' }),
    ).toBeInTheDocument();
    await screen.findByDisplayValue('Midland Office');
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Profile' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(snackbarStore.getSnapshot().map((m) => m.message)).toContain(inUse));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Save' }));
    await waitFor(() => expect(api.find('PUT', '/api/companyorgunit/5')).toHaveLength(1));
    await waitFor(() =>
      expect(snackbarStore.getSnapshot().map((m) => m.message)).toContain('Profile Saved'),
    );
  });
});
