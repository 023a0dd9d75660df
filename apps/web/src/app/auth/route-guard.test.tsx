import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installSessionApi, renderApp } from '../../test/render-app';
import { createFakeAuthClient } from '../../test/fake-auth-client';

afterEach(() => vi.unstubAllGlobals());

const signedOut = () => createFakeAuthClient({ isAuthenticated: false });

describe('route guard', () => {
  it('sends an unauthenticated visit to the landing page with the full path as redirectTo', async () => {
    installSessionApi();
    const { router, auth } = renderApp('/documentlist/93?documentRouteStatusId=2', signedOut());

    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/landingpage');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/documentlist/93?documentRouteStatusId=2',
    );
    // With redirectTo present the sign-in starts by itself and returns to the target.
    await waitFor(() =>
      expect(auth.signIn).toHaveBeenCalledWith('/documentlist/93?documentRouteStatusId=2'),
    );
  });

  it('guards unknown paths and admin screens too', async () => {
    installSessionApi();
    const { router } = renderApp('/admin/users', signedOut());
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/admin/users')}`);
  });

  it('shows the landing page for the bare root without starting a sign-in', async () => {
    installSessionApi();
    const { router, auth } = renderApp('/', signedOut());
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/landingpage');
    expect(auth.signIn).toHaveBeenCalledTimes(1);
    expect(auth.signIn).toHaveBeenCalledWith('/');
  });

  it('says once on the landing page why the app signed the user out (issue 27 item 23)', async () => {
    installSessionApi();
    const reason =
      'Your access to Red Mesa is blocked. Ask an Administrator of Red Mesa to unblock you.';
    window.sessionStorage.setItem('flowline.signedOutReason', reason);
    const first = renderApp('/landingpage', signedOut());
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    first.unmount();
    renderApp('/landingpage', signedOut());
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps public routes open', async () => {
    installSessionApi();
    renderApp('/register', signedOut());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
  });

  it('goes from the landing page to redirectTo when already signed in', async () => {
    installSessionApi();
    const { router } = renderApp(`/landingpage?redirectTo=${encodeURIComponent('/inbox')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inbox');
  });

  it('ignores a redirectTo that leaves the site', async () => {
    installSessionApi();
    const { router } = renderApp(
      `/landingpage?redirectTo=${encodeURIComponent('//evil.example/x')}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('Sign up opens the registration', async () => {
    installSessionApi();
    const { router } = renderApp('/landingpage', signedOut());
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('/login redirects to the landing page', async () => {
    installSessionApi();
    const { router } = renderApp('/login', signedOut());
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/landingpage');
  });
});

describe('callback', () => {
  it('returns to the path stored at sign-in', async () => {
    installSessionApi();
    const auth = createFakeAuthClient();
    auth.completeSignIn.mockResolvedValue('/inbox');
    const { router } = renderApp('/callback?code=abc&state=xyz', auth);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inbox');
  });

  it('logs a failed sign-in and opens ErrorLoading', async () => {
    const api = installSessionApi();
    const auth = createFakeAuthClient({ isAuthenticated: false });
    auth.completeSignIn.mockRejectedValue(new Error('invalid_grant'));
    const { router } = renderApp('/callback?code=abc&state=xyz', auth);

    expect(
      await screen.findByText(
        'We are sorry, an error occured while loading the application. Please try to logout and login again, and please report this to us to solve it for the future.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/errorLoading');
    const [logged] = api.find('POST', '/api/authenticationexceptionlogger/exception');
    expect(logged?.body).toMatchObject({ message: 'invalid_grant', type: 'Error' });
    expect(logged?.headers.has('Company-Id')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });
});
