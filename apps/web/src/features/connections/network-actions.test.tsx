import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type ConnectionListRow } from '@flowline/shared';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';
import { networkMatchTitle } from './network-match-dialog';

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const clerk = { roles: [Role.User], mainRole: Role.User };
const baseRow: ConnectionListRow = {
  id: 9,
  partyTypeId: 1,
  partyTypeName: 'Vendor',
  name: 'Hawthorne',
  number: 'H-1',
  phone: null,
  companyOrgUnits: [],
  effectiveFromDate: null,
  effectiveThruDate: null,
  isActive: true,
  partyStatus: 'onNetwork',
  connectedCompanyId: null,
  connectedCompanyName: null,
  suggestedCompanyId: 4,
  suggestedCompanyName: 'Hawthorne Royalty Trust',
};
const noContent = () => new Response(null, { status: 204 });
let linked = {
  alreadyConnected: false,
  connectedPartyId: null as number | null,
  connectedPartyName: null as string | null,
};

function setup(row: Partial<ConnectionListRow>, opts: Omit<SignedInOptions, 'handlers'> = {}) {
  const handlers: NonNullable<SignedInOptions['handlers']> = {
    'GET /api/terminology': () => [],
    'GET /api/party/grid/search': () => ({ items: [{ ...baseRow, ...row }], totalRecords: 1 }),
    'PUT /api/party/9/connect': noContent,
    'GET /api/party/9/checkAlreadyConnected': () => linked,
    'PUT /api/party/9/invite': () =>
      new Response(JSON.stringify({ error: { message: 'Mail is down', code: 'x' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      }),
  };
  const api = installSessionApi({ user: admin, ...opts, handlers });
  const view = renderApp('/admin/parties');
  return { api, view };
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

describe('status cell actions', () => {
  it('Connect refuses a company already connected through another connection', async () => {
    linked = { alreadyConnected: true, connectedPartyId: 3, connectedPartyName: 'HRT (old)' };
    const { api, view } = setup({});
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(view.snackbarStore.getSnapshot().map((m) => m.message)).toContain(
        'This company is already connected, or asked to connect, through HRT (old)',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.find('PUT', '/api/party/9/connect')).toHaveLength(0);
    linked = { alreadyConnected: false, connectedPartyId: null, connectedPartyName: null };
  });

  it('Connect asks for due diligence, then sends the request', async () => {
    const { api } = setup({});
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Connect' });
    expect(confirm).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(confirm);
    expect(
      await screen.findByText('Connection request sent to Hawthorne Royalty Trust'),
    ).toBeVisible();
    expect(api.find('PUT', '/api/party/9/connect')).toHaveLength(1);
  });

  it('with the network-match enhancement flag, Connect opens the wizard', async () => {
    const { view } = setup({}, { featureFlags: { networkMatchEnhancementFlag: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/admin/connectConnection/9'),
    );
  });

  it('Invite checks the e-mail and shows a failure, ready to try again', async () => {
    setup({ partyStatus: 'notOnNetwork', suggestedCompanyId: null, suggestedCompanyName: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('Email');
    await userEvent.type(email, 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getByText('Must be a valid e-mail')).toBeVisible();
    await userEvent.clear(email);
    await userEvent.type(email, 'ap@hawthorne.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Mail is down')).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Invite' })).toBeEnabled(),
    );
  });

  it('shows non-administrators the list read-only: actions disabled, with the reason (issue 27 item 20)', async () => {
    const { api, view } = setup({ partyStatus: 'notOnNetwork' }, { user: clerk });
    expect(await screen.findByRole('heading', { name: 'Connections' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'You need to be an administrator' })).toBeNull();
    expect(await screen.findByText('Hawthorne')).toBeVisible();
    expect(screen.getByText(/Only Administrators can change them/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Find matches' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New Connection' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Invite' })).toHaveAccessibleDescription(
      /Only Administrators can change them/,
    );
    // Rows do not open the (administrators') edit form.
    await userEvent.click(screen.getByText('Hawthorne'));
    expect(view.router.state.location.pathname).toBe('/admin/parties');
    expect(api.find('PUT', '/api/party/9/invite')).toHaveLength(0);
  });

  it.each([
    ['inviteRejected', 'Invite rejected', 'Resend Invite'],
    ['connectionRequestRejected', 'Connection request rejected', 'Resend connection request'],
    ['disconnectedByOther', 'Disconnected by the other connection', 'Reconnect'],
  ] as const)('%s reads "%s" with %s (issue 27 items 17, 18)', async (status, label, action) => {
    setup({
      partyStatus: status,
      inviteRejectionReason: status === 'inviteRejected' ? 'Wrong division' : null,
    });
    expect(await screen.findByText(label)).toBeVisible();
    expect(screen.getByRole('button', { name: action })).toBeEnabled();
    if (status === 'inviteRejected')
      expect(screen.getByText('Reason: Wrong division')).toBeVisible();
    else expect(screen.queryByText(/^Reason:/)).toBeNull();
  });
});

describe('network-match dialog', () => {
  it('has the spec titles', () => {
    expect(networkMatchTitle(true, 0)).toBe('Finding Matches on the Exchange Network...');
    expect(networkMatchTitle(false, 0)).toBe('Sorry no matches found');
    expect(networkMatchTitle(false, 1)).toBe('1 match found');
    expect(networkMatchTitle(false, 3)).toBe('3 matches found');
  });

  it('lists the on-network connections with their company and a Connect each', async () => {
    const { api } = setup({});
    await userEvent.click(await screen.findByRole('button', { name: 'Find matches' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('1 match found')).toBeVisible();
    expect(within(dialog).getByText('Hawthorne Royalty Trust')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Connect' })).toBeVisible();
    const searches = api.find('GET', '/api/party/grid/search');
    expect(searches.some((r) => r.search.includes('partyStatus=onNetwork'))).toBe(true);
  });
});
