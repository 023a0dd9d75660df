import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const emptyInbox = { columnHeaders: [], items: [], totalRecords: 0 };

describe('the Inbox link', () => {
  it('sits above the document types with the unread count, and opens the inbox', async () => {
    let unread = 3;
    const api = installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox/unreadCount': () => ({ count: unread }),
        'GET /api/documentroute/inbox': () => emptyInbox,
      },
    });
    const { router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: /^Inbox ?\(3 unread\)$/ });
    expect(link).toHaveAttribute('href', '/inbox');
    expect(within(nav).getByTestId('inbox-badge')).toHaveTextContent('3');
    const links = within(nav).getAllByRole('link');
    expect(links.indexOf(link)).toBe(1);
    expect(links[0]).toHaveTextContent('Home');
    expect(links[2]).toHaveTextContent('My approvals');
    expect(links[3]).toHaveTextContent('Match exceptions');
    expect(links[4]).toHaveTextContent('AR Invoice');

    // Documents opened elsewhere are read: the count is asked again after a change of page.
    unread = 0;
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Inbox' })).toBeVisible());
    expect(within(nav).getByTestId('inbox-badge')).not.toHaveTextContent(/\d/);
    expect(api.find('GET', '/api/documentroute/inbox/unreadCount').length).toBeGreaterThan(1);
  });

  it("shows 'My approvals' with its count to members who approve, and opens it", async () => {
    const api = installSessionApi({
      handlers: {
        'GET /api/documentroute/inbox/myApprovalsCount': () => ({ count: 4 }),
        'GET /api/documentroute/inbox': () => emptyInbox,
        'GET /api/approvals/delegations': () => ({ items: [] }),
      },
    });
    const { router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: /^My approvals ?\(4 waiting\)$/ });
    expect(within(nav).getByTestId('my-approvals-badge')).toHaveTextContent('4');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-approvals'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My approvals' })).toBeVisible();
    await waitFor(() =>
      expect(
        api
          .find('GET', '/api/documentroute/inbox')
          .some((r) => r.search.includes('waitingForMe=true')),
      ).toBe(true),
    );
    expect(await screen.findByText('Nothing waits for your approval.')).toBeVisible();
  });

  it('is not offered to ReadOnly members', async () => {
    installSessionApi({ user: { roles: [Role.ReadOnly], mainRole: Role.ReadOnly } });
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: /^Inbox/ });
    expect(within(nav).queryByRole('link', { name: /My approvals/ })).toBeNull();
  });
});
