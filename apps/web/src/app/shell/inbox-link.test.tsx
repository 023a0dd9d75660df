import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(links[2]).toHaveTextContent('AR Invoice');

    // Documents opened elsewhere are read: the count is asked again after a change of page.
    unread = 0;
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Inbox' })).toBeVisible());
    expect(within(nav).getByTestId('inbox-badge')).not.toHaveTextContent(/\d/);
    expect(api.find('GET', '/api/documentroute/inbox/unreadCount').length).toBeGreaterThan(1);
  });
});
