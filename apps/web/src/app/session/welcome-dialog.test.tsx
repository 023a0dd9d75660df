import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, UserType } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';
import { buildCompany } from '../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('welcome dialog', () => {
  it('greets an administrator and reports the choice on Skip for now', async () => {
    const api = installSessionApi({
      user: { roles: [Role.Administrator], showWelcomeMessage: true },
    });
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Flowline' });
    expect(dialog).toHaveTextContent(/logo/);
    expect(dialog).toHaveTextContent(/W9/);
    expect(dialog).toHaveTextContent(/insurance certificate/);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Do not show this message again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/exchangeusers/welcomeMessageDisplayed')[0]?.body).toEqual({
        doNotShowAgain: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes the administrator to the logo screen', async () => {
    const api = installSessionApi({
      user: { roles: [Role.Administrator], showWelcomeMessage: true },
    });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Take me to logo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/logo'));
    expect(api.find('POST', '/api/exchangeusers/welcomeMessageDisplayed')[0]?.body).toEqual({
      doNotShowAgain: false,
    });
  });

  it('does not open for a regular user', async () => {
    installSessionApi({ user: { roles: [Role.User], showWelcomeMessage: true } });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not cover a deep link; it opens once the user comes Home', async () => {
    installSessionApi({
      user: { roles: [Role.Administrator], showWelcomeMessage: true },
      handlers: {
        'GET /api/notifications': () => ({
          items: [],
          totalRecords: 0,
          pageSize: 5,
          unreadTotalRecords: 0,
        }),
      },
    });
    const { router } = renderApp('/notifications');
    await screen.findByText('There are currently no notifications');
    expect(screen.queryByRole('dialog', { name: 'Welcome to Flowline' })).not.toBeInTheDocument();

    await router.navigate('/');
    expect(await screen.findByRole('dialog', { name: 'Welcome to Flowline' })).toBeVisible();
  });

  it('is remembered as displayed as soon as it opens: a reload does not bring it back', async () => {
    installSessionApi({ user: { roles: [Role.Administrator], showWelcomeMessage: true } });
    const first = renderApp('/');
    await screen.findByRole('dialog', { name: 'Welcome to Flowline' });
    first.unmount();

    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('reports the display of a Global user at once, so the server stops offering it', async () => {
    const api = installSessionApi({
      user: {
        roles: [Role.Administrator],
        showWelcomeMessage: true,
        userType: UserType.Global,
      },
    });
    renderApp('/');
    await screen.findByRole('dialog', { name: 'Welcome to Flowline' });
    await waitFor(() =>
      expect(api.find('POST', '/api/exchangeusers/welcomeMessageDisplayed')).toHaveLength(1),
    );
  });

  it("waits for a new onboarding company's 'Sent Invitation' dialog: one, then the other (issue 27 item 21)", async () => {
    installSessionApi({
      user: { roles: [Role.Administrator], showWelcomeMessage: true },
      companies: [buildCompany({ onBoardingProcessPending: true })],
    });
    renderApp('/');
    const sent = await screen.findByRole('dialog', { name: 'Sent Invitation' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Welcome to Flowline' })).not.toBeInTheDocument();
    await userEvent.click(within(sent).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Flowline' })).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sent Invitation' })).not.toBeInTheDocument(),
    );
  });
});
