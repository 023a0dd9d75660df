import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, UserType } from '@flowline/shared';
import { apiError } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const messages = (store: { getSnapshot(): readonly { message: string }[] }) =>
  store.getSnapshot().map((m) => m.message);

describe('System Notifications (Global users)', () => {
  it('is linked under Support and posts a notification to everyone', async () => {
    const api = installSessionApi({
      user: { roles: [Role.ReadOnly], mainRole: Role.ReadOnly, userType: UserType.Global },
      handlers: { 'POST /api/notifications/system': () => ({ recipients: 12 }) },
    });
    const { router, snackbarStore } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const support = within(nav).getByRole('list', { name: 'Support' });
    await userEvent.click(within(support).getByRole('link', { name: 'System Notifications' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/support/systemNotifications'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'System Notifications' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(api.find('POST', '/api/notifications/system')).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Maintenance');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'Sunday 02:00 UTC');
    expect(screen.getByRole('radio', { name: 'Everyone, in every company' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(messages(snackbarStore)).toContain('System notification posted to 12 users'),
    );
    expect(api.find('POST', '/api/notifications/system')[0]?.body).toEqual({
      title: 'Maintenance',
      message: 'Sunday 02:00 UTC',
      audience: 'allCompanies',
    });
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('');
  });

  it('can post to the selected company only and shows the server refusal', async () => {
    const api = installSessionApi({
      user: { roles: [Role.Administrator], userType: UserType.Global },
      handlers: {
        'POST /api/notifications/system': () =>
          apiError(
            403,
            'Only Flowline support can post system notifications',
            'global_user_required',
          ),
      },
    });
    const { snackbarStore } = renderApp('/support/systemNotifications');
    await screen.findByRole('heading', { level: 1, name: 'System Notifications' });
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Hi');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'There');
    await userEvent.click(screen.getByRole('radio', { name: /Only the people of/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(messages(snackbarStore)).toContain(
        'Only Flowline support can post system notifications',
      ),
    );
    expect(api.find('POST', '/api/notifications/system')[0]?.body).toMatchObject({
      audience: 'selectedCompany',
    });
  });

  it('is neither linked nor shown to a regular Administrator', async () => {
    installSessionApi({ user: { roles: [Role.Administrator], userType: UserType.Regular } });
    renderApp('/support/systemNotifications');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'System Notifications' })).toBeNull();
    expect(await screen.findByRole('heading', { name: /Page Not found/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
  });
});
