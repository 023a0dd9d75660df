import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Ach, type AchListItem } from '@flowline/shared';
import { apiError } from '../../test/fake-api';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const midland = { id: 4, name: 'Midland' };
const apex = { id: 7, name: 'Apex Oil', orgUnitIds: [4] };
const basin = { id: 8, name: 'Basin Gas', orgUnitIds: [4] };

const listItem: AchListItem = {
  id: 3,
  bankName: 'First Bank',
  country: 'US',
  routingNumber: '021000021',
  accountNumberMasked: '••••6789',
  accountTypeId: 1,
  accountTypeName: 'Checking',
  isActive: true,
  profiles: [midland],
  connections: [{ id: 7, name: 'Apex Oil' }],
};
const ach: Ach = {
  ...listItem,
  accountNumber: '123456789',
  orgUnitIds: [4],
  partyIds: [7],
  partiesByOrgUnitId: [{ key: 4, value: [{ id: 7, name: 'Apex Oil' }] }],
};

function installAchApi(handlers: NonNullable<SignedInOptions['handlers']> = {}) {
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/ach': () => ({ items: [listItem], totalRecords: 1 }),
      'GET /api/ach/availableProfiles': () => [midland],
      'GET /api/ach/availableParties': () => [apex, basin],
      'GET /api/ach/3': () => ach,
      'POST /api/ach': () => ach,
      'PUT /api/ach/3': () => ach,
      ...handlers,
    },
  });
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('ACH list', () => {
  // jsdom lays nothing out; the grid renders its columns only once its root has a size.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1200, height: 800 }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows masked accounts and opens a row', async () => {
    installAchApi();
    const { router } = renderApp('/admin/achs');
    expect(await screen.findByRole('heading', { level: 1, name: 'ACH' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid');
    await within(grid).findAllByRole('columnheader');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Bank Name',
      'Routing Number',
      'Account Number',
      'Account Type',
      'Profiles',
      'Connection',
    ]);
    expect(await within(grid).findByText('••••6789')).toBeInTheDocument();
    await userEvent.click(within(grid).getByText('Checking'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/ach/3'));
  });

  it('links Create New to /admin/ach/create', async () => {
    installAchApi();
    renderApp('/admin/achs');
    expect(await screen.findByRole('link', { name: 'Create New' })).toHaveAttribute(
      'href',
      '/admin/ach/create',
    );
  });

  it('is not shown to a User', async () => {
    installSessionApi({ user: { roles: [Role.User], mainRole: Role.User } });
    renderApp('/admin/achs');
    expect(
      await screen.findByRole('heading', { name: 'You need to be an administrator' }),
    ).toBeInTheDocument();
  });
});

describe('ACH form', () => {
  it('validates with the spec messages, then saves', async () => {
    const api = installAchApi();
    const { router } = renderApp('/admin/ach/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create ACH' }),
    ).toBeInTheDocument();
    // The only profile is preselected.
    expect(await screen.findByRole('button', { name: 'Midland' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const required = await screen.findAllByText('Required');
    expect(required).toHaveLength(6);

    await userEvent.type(screen.getByRole('textbox', { name: 'Bank Name' }), 'First Bank');
    await choose('Country', 'United States of America');
    const routing = screen.getByRole('textbox', { name: 'Routing Number' });
    await userEvent.type(routing, '02-1000022999');
    expect(routing).toHaveValue('021000022');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Invalid routing number: the check digit does not match'),
    ).toBeInTheDocument();
    await userEvent.clear(routing);
    await userEvent.type(routing, '521000021');
    expect(
      await screen.findByText('Must be 9 digits and begin with 0, 1, 2, or 3'),
    ).toBeInTheDocument();
    await userEvent.clear(routing);
    await userEvent.type(routing, '021000021');

    await userEvent.type(screen.getByRole('textbox', { name: 'Account Number' }), '12345x6789');
    await choose('Account Type', 'Savings');
    await choose('Connection', 'Basin Gas');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/achs'));
    expect(api.find('POST', '/api/ach')[0]?.body).toEqual({
      bankName: 'First Bank',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountTypeId: 2,
      isActive: true,
      orgUnitIds: [4],
      partyIds: [8],
    });
    expect(await screen.findByText('ACH Saved')).toBeInTheDocument();
  });

  it('shows the server message and stays when saving fails', async () => {
    installAchApi({
      'PUT /api/ach/3': () =>
        apiError(400, 'Connection Apex Oil does not belong to any of the selected Profiles'),
    });
    const { router } = renderApp('/admin/ach/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit ACH' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Connection Apex Oil does not belong to any of the selected Profiles',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/ach/3');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('masks the account number until Change, then updates', async () => {
    const api = installAchApi();
    const { router } = renderApp('/admin/ach/3');
    const masked = await screen.findByRole('textbox', { name: 'Account Number' });
    expect(masked).toHaveValue('••••6789');
    expect(screen.queryByDisplayValue('123456789')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    const account = screen.getByRole('textbox', { name: 'Account Number' });
    expect(account).toHaveValue('123456789');
    await userEvent.clear(account);
    await userEvent.type(account, '555000111');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/achs'));
    expect(api.find('PUT', '/api/ach/3')[0]?.body).toMatchObject({
      accountNumber: '555000111',
      partyIds: [7],
    });
    expect(await screen.findByText('ACH Updated')).toBeInTheDocument();
  });
});
