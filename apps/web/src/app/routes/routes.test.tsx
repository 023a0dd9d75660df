import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('signed-in routes', () => {
  it('tells non-administrators that admin screens need an administrator', async () => {
    installSessionApi({ user: { roles: [Role.User] } });
    renderApp('/admin/achs');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You need to be an administrator' }),
    ).toBeInTheDocument();
  });

  it('opens admin screens for administrators, both legal-document spellings included', async () => {
    installSessionApi({ user: { roles: [Role.Administrator] } });
    const { router } = renderApp('/admin/LegalDocuments/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Insurance Certificate' }),
    ).toBeInTheDocument();
    await router.navigate('/admin/legalDocuments/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'W9' })).toBeInTheDocument();
    await router.navigate('/admin/ach/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create ACH' }),
    ).toBeInTheDocument();
  });

  it('shows Page Not found inside the shell, with a way Home', async () => {
    installSessionApi();
    const { router } = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('main')).getByRole('link', { name: 'Home' }));
    // Home is a lazy route: the location changes once its module has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the search heading with the query', async () => {
    installSessionApi();
    renderApp('/search?q=Acme%20invoice');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Result for Acme invoice' }),
    ).toBeInTheDocument();
  });
});
