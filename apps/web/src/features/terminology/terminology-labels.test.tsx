import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';
import { emptyConnectionValues } from '../connections/connection-form-values';

/**
 * Issue 11 item 17: with 'Partner' for Connections (and 'Division' for Profiles), every place the
 * term is shown uses it — the navigation, the top-bar button, the connect wizard, the ACH screens
 * and the getting-started text.
 */
const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const terms = () => [
  { terminologyId: 1, terminologyName: 'Profile', customizedName: 'Division' },
  { terminologyId: 2, terminologyName: 'Vendor', customizedName: null },
  { terminologyId: 3, terminologyName: 'Connection', customizedName: 'Partner' },
];

function install(handlers: NonNullable<SignedInOptions['handlers']> = {}) {
  return installSessionApi({
    user: admin,
    handlers: { 'GET /api/terminology': terms, ...handlers },
  });
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1400, height: 800 }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the company's terminology", () => {
  it('names the navigation link and the top-bar button', async () => {
    install();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const admin = await within(nav).findByRole('list', { name: 'Administration' });
    expect(await within(admin).findByRole('link', { name: 'Partners' })).toHaveAttribute(
      'href',
      '/admin/parties',
    );
    expect(within(admin).getByRole('link', { name: 'Divisions' })).toBeInTheDocument();
    expect(within(admin).queryByRole('link', { name: 'Connections' })).not.toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Partners' });
    expect(button).toHaveTextContent('Partners');
    expect(screen.queryByRole('button', { name: /^Connections/ })).not.toBeInTheDocument();
  });

  it('names the ACH columns', async () => {
    install({ 'GET /api/ach': () => ({ items: [], totalRecords: 0 }) });
    renderApp('/admin/achs');
    const grid = await screen.findByRole('grid', { name: 'ACH' });
    expect(await within(grid).findByRole('columnheader', { name: 'Divisions' })).toBeVisible();
    expect(within(grid).getByRole('columnheader', { name: 'Partner' })).toBeVisible();
  });

  it('names the steps of the connect wizard', async () => {
    install({
      'GET /api/party/9': () => ({
        ...emptyConnectionValues,
        id: 9,
        partyTypeId: 1,
        partyTypeName: 'Vendor',
        name: 'Hawthorne',
        number: 'H-1',
        emails: [],
        isTaxValid: false,
        isInviteSent: false,
        isDisconnected: false,
        inviteEmailAddress: null,
        connectedCompanyId: null,
        suggestedCompanyId: 4,
        partyStatus: 'onNetwork',
        companyOrgUnitIds: [],
        companyOrgUnits: [],
      }),
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
    });
    renderApp('/admin/connectConnection/9');
    expect(await screen.findByRole('radio', { name: 'Use an existing division' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Create a new division' })).toBeInTheDocument();
    expect(screen.getByText('Which division should hold this partner?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('No divisions found. Please create a new division'),
    ).toBeVisible();
  });
});
