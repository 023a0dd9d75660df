import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Invitation } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const invitation = (id: number, over: Partial<Invitation>): Invitation => ({
  id,
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
  receiverPartyName: null,
  senderPartyTypeOfReceiverCompany: 5,
  companyAddress: '1 Main St, Midland, TX',
  senderEmail: 'admin@permian.example',
  maskedTaxNumber: '**-***4567',
  parties: [],
  ...over,
});

const rows = [
  invitation(1, { receiverPartyName: 'Caprock Hauling' }),
  invitation(2, {
    companyName: 'Hawthorne Royalty Trust',
    senderEmail: 'admin@hawthorne.example',
    expired: true,
  }),
];

/** An onboarding request: the sender's record for us carries our own name (issue 27 item 16). */
const onboarding = invitation(3, {
  kind: 'connectionRequest',
  companyName: 'Redline Vendor Co',
  senderPartyNameOfReceiverCompany: 'Company 1',
  senderEmail: 'owner@redline.example',
});

function renderList(
  width = 1280,
  { list = rows, role = Role.Administrator }: { list?: Invitation[]; role?: number } = {},
) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        // MUI's down('sm') asks max-width: 599.95px.
        matches: /max-width:\s*599/.test(query) ? width < 600 : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  const api = installSessionApi({
    user: { roles: [role], mainRole: role },
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/invitation/pending/count': () => ({ count: 1 }),
      'GET /api/invitation/pending': () => list,
      'POST /api/invitation/reject/3': () => new Response(null, { status: 204 }),
    },
  });
  return { api, view: renderApp('/admin/invitations') };
}

describe('Invitation list (spec 2 §2.7)', () => {
  it('searches and highlights the text in the name', async () => {
    renderList();
    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    await within(grid).findByText('Caprock Hauling');
    expect(within(grid).getAllByRole('row')).toHaveLength(3);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'rock');
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
    const mark = grid.querySelector('mark');
    expect(mark).toHaveTextContent('rock');

    // The sender's e-mail is searched too.
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'hawthorne.example');
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
    expect(within(grid).getByRole('button', { name: 'Delete' })).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await within(grid).findByText('No invitations match the search')).toBeVisible();
  });

  it('stacks the details in one column on a phone, actions beside them', async () => {
    renderList(390);
    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    await within(grid).findByText('Caprock Hauling');
    expect(within(grid).queryByRole('columnheader', { name: 'Sender Email' })).toBeNull();
    expect(within(grid).getAllByText(/^Received Date: /)).toHaveLength(2);
    expect(within(grid).getByText('EXPIRED')).toBeVisible();
    expect(within(grid).getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(within(grid).getByRole('button', { name: 'Reject' })).toBeVisible();
  });

  it('names the inviting company on every row, whatever the flags (issue 27 item 16)', async () => {
    renderList(1280, { list: [onboarding, ...rows] });
    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    expect(within(grid).getByRole('columnheader', { name: 'Company' })).toBeVisible();
    const row = (await within(grid).findByText('owner@redline.example')).closest('[role="row"]');
    if (!(row instanceof HTMLElement)) throw new Error('no row');
    // The connection and the company are the inviter; our own name is not shown as either.
    expect(within(row).getAllByText('Redline Vendor Co')).toHaveLength(2);
    expect(within(row).queryByText('Company 1')).toBeNull();
    expect(within(grid).getAllByText('Permian Basin Services LLC').length).toBeGreaterThan(0);
  });

  it('names the inviting company on a phone too', async () => {
    renderList(390, { list: [onboarding] });
    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    expect(await within(grid).findByText('Redline Vendor Co')).toBeVisible();
    expect(within(grid).queryByText('Company 1')).toBeNull();
  });

  it('shows members the list read-only, actions disabled with the reason (issue 27 item 20)', async () => {
    renderList(1280, { role: Role.User });
    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    await within(grid).findByText('Caprock Hauling');
    expect(screen.queryByRole('heading', { name: 'You need to be an administrator' })).toBeNull();
    expect(screen.getByText(/Only Administrators can change them/)).toBeVisible();
    for (const name of ['Accept', 'Reject', 'Delete']) {
      const button = within(grid).getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(/Only Administrators can change them/);
    }
  });

  it('rejects with an optional reason for the sender (issue 27 item 17)', async () => {
    const { api } = renderList(1280, { list: [onboarding] });
    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    await userEvent.click(await within(grid).findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Invitation' });
    expect(within(dialog).getByText('Redline Vendor Co will see it')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Not our vendor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Invitation Rejected')).toBeVisible();
    expect(api.find('POST', '/api/invitation/reject/3')[0]?.body).toEqual({
      reason: 'Not our vendor',
    });
  });
});
