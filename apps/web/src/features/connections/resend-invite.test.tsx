import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Connection, type ConnectionListRow } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';
import { emptyConnectionValues } from './connection-form-values';
import { invitedEmail } from './connection-status-cell';

/** Issue 11 item 19: the Invite / Resend Invite form starts with the invited e-mail. */
const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const row: ConnectionListRow = {
  id: 9,
  partyTypeId: 1,
  partyTypeName: 'Vendor',
  name: 'Caprock Hauling',
  number: 'C-1',
  phone: null,
  companyOrgUnits: [],
  effectiveFromDate: null,
  effectiveThruDate: null,
  isActive: true,
  partyStatus: 'inviteSent',
  connectedCompanyId: null,
  connectedCompanyName: null,
  suggestedCompanyId: null,
  suggestedCompanyName: null,
};
const stored = (over: Partial<Connection>) =>
  ({
    ...emptyConnectionValues,
    id: 9,
    partyTypeId: 1,
    partyTypeName: 'Vendor',
    name: 'Caprock Hauling',
    number: 'C-1',
    emails: ['billing@caprock.example', 'ops@caprock.example'],
    isTaxValid: false,
    isInviteSent: true,
    isDisconnected: false,
    inviteEmailAddress: 'ap@caprock.example',
    connectedCompanyId: null,
    suggestedCompanyId: null,
    partyStatus: 'inviteSent',
    companyOrgUnitIds: [],
    companyOrgUnits: [],
    ...over,
  }) as Connection;

function install(connection: Connection, listRow: Partial<ConnectionListRow> = {}) {
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/party/grid/search': () => ({ items: [{ ...row, ...listRow }], totalRecords: 1 }),
      'GET /api/party/9': () => connection,
      'POST /api/invitation/resend': () => new Response(null, { status: 204 }),
      'GET /api/companyorgunit': () => ({ items: [], totalRecords: 0 }),
      'GET /api/servicesLookup/Countries': () => [],
    },
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

describe('Resend Invite', () => {
  it("prefills the list row's dialog with the invited e-mail and resends to it", async () => {
    const api = install(stored({}));
    const { snackbarStore } = renderApp('/admin/parties');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend Invite: Caprock Hauling' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ap@caprock.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/invitation/resend')[0]?.body).toEqual({
        senderPartyIdOfReceiverCompany: 9,
        receiverEmail: 'ap@caprock.example',
      }),
    );
    await waitFor(() =>
      expect(snackbarStore.getSnapshot().map((m) => m.message)).toContain(
        'Invitation sent to ap@caprock.example',
      ),
    );
  });

  it("falls back to the connection's first e-mail when none was invited", async () => {
    install(stored({ inviteEmailAddress: null, partyStatus: 'inviteExpired' }), {
      partyStatus: 'inviteExpired',
    });
    renderApp('/admin/parties');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Invite' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('billing@caprock.example');
  });

  it('prefills the dialog on the connection screen too', async () => {
    install(stored({}));
    renderApp('/admin/connection/9');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Invite' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ap@caprock.example');
  });

  it('picks the invited address, else the first non-empty e-mail, else nothing', () => {
    expect(invitedEmail({ inviteEmailAddress: ' a@x.example ', emails: ['b@x.example'] })).toBe(
      'a@x.example',
    );
    expect(invitedEmail({ inviteEmailAddress: null, emails: [' ', 'b@x.example'] })).toBe(
      'b@x.example',
    );
    expect(invitedEmail({ inviteEmailAddress: null, emails: [] })).toBe('');
  });
});
