import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const notification = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  title: 'Document received',
  message: 'Permian Basin Services LLC sent you AR Invoice INV-1',
  notificationTypeId: 1,
  sourceCompanyId: 2,
  isRead: false,
  updateDate: '2026-11-20T15:30:00.000Z',
  actionId: 'openDocument',
  actionData: '41',
  ...overrides,
});

describe('Notifications page', () => {
  it('says so when there are none', async () => {
    installSessionApi({
      handlers: {
        'GET /api/notifications': () => ({
          items: [],
          totalRecords: 0,
          pageSize: 5,
          unreadTotalRecords: 0,
        }),
      },
    });
    renderApp('/notifications');
    expect(await screen.findByText('There are currently no notifications')).toBeInTheDocument();
  });

  it('asks for five per page, shows Read / Not Read and pages through', async () => {
    const api = installSessionApi({
      handlers: {
        'GET /api/notifications': (req) => ({
          items: [
            notification({ id: new URLSearchParams(req.search).get('page') === '2' ? 9 : 1 }),
            notification({ id: 2, title: 'Welcome', isRead: true, actionId: null }),
          ],
          totalRecords: 7,
          pageSize: 5,
          unreadTotalRecords: 1,
        }),
      },
    });
    renderApp('/notifications');
    expect(await screen.findByText('Not Read')).toBeInTheDocument();
    expect(screen.getByText('Read')).toBeInTheDocument();
    expect(api.find('GET', '/api/notifications')[0]!.search).toContain('pageSize=5');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() =>
      expect(api.find('GET', '/api/notifications').some((r) => r.search.includes('page=2'))).toBe(
        true,
      ),
    );
  });

  it('names each notification by what it shows (label-content-name-mismatch, issue 27 item 30)', async () => {
    installSessionApi({
      handlers: {
        'GET /api/notifications': () => ({
          items: [notification({})],
          totalRecords: 1,
          pageSize: 5,
          unreadTotalRecords: 1,
        }),
      },
    });
    renderApp('/notifications');
    const card = await screen.findByRole('button', { name: /^Document received/ });
    // Everything visible on the card is in its name, in order, so speech input can say it.
    expect(card).toHaveAccessibleName(
      /^Document received\s*Not Read\s*Permian Basin Services LLC sent you AR Invoice INV-1/,
    );
  });

  it('checks that a document is still there before opening it', async () => {
    const api = installSessionApi({
      handlers: {
        'GET /api/notifications': () => ({
          items: [notification({})],
          totalRecords: 1,
          pageSize: 5,
          unreadTotalRecords: 1,
        }),
        'GET /api/documents/41/available': () => ({ available: false, latestVersionId: null }),
        'POST /api/notifications/markNotificationAsRead': () => new Response(null, { status: 204 }),
      },
    });
    renderApp('/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Document received/ }));
    expect(await screen.findByText('The document is no longer available')).toBeInTheDocument();
    expect(api.find('POST', '/api/notifications/markNotificationAsRead')[0]!.search).toContain(
      'notificationId=1',
    );
  });

  it('opens the newer version of a document that was replaced (a signed division order)', async () => {
    installSessionApi({
      handlers: {
        'GET /api/notifications': () => ({
          items: [notification({})],
          totalRecords: 1,
          pageSize: 5,
          unreadTotalRecords: 1,
        }),
        'GET /api/documents/41/available': () => ({ available: false, latestVersionId: 57 }),
        'POST /api/notifications/markNotificationAsRead': () => new Response(null, { status: 204 }),
      },
    });
    const { router } = renderApp('/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Document received/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/57'));
  });
});
