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
  senderPartyTypeOfReceiverCompany: 5,
  companyAddress: '1 Main St, Midland, TX',
  senderEmail: 'admin@permian.example',
  maskedTaxNumber: '**-***4567',
  parties: [],
  ...over,
});

const rows = [
  invitation(1, { senderPartyNameOfReceiverCompany: 'Caprock Hauling' }),
  invitation(2, {
    companyName: 'Hawthorne Royalty Trust',
    senderEmail: 'admin@hawthorne.example',
    expired: true,
  }),
];

function renderList(width = 1280) {
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
  installSessionApi({
    user: { roles: [Role.Administrator], mainRole: Role.Administrator },
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/invitation/pending/count': () => ({ count: 1 }),
      'GET /api/invitation/pending': () => rows,
    },
  });
  return renderApp('/admin/invitations');
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
});
