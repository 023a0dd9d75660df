import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@flowline/shared';
import { buildCompany } from '../../test/fixtures';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const registered = (isAdministrator: boolean) => ({ invitationId: 7, isAdministrator });

function installRegisterApi(options: SignedInOptions = {}) {
  return installSessionApi({
    user: { roles: [Role.User], mainRole: Role.User },
    ...options,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/invitation/pending/count': () => ({ count: 1 }),
      'GET /api/invitation/pending': () => [],
      'POST /api/invitation/register/tok-1': () => registered(false),
      ...options.handlers,
    },
  });
}

const companies = [
  buildCompany({ id: 1, name: 'Permian Basin Services LLC' }),
  buildCompany({ id: 2, name: 'Red Mesa Operating Co.' }),
  buildCompany({
    id: 3,
    name: 'Lone Star Minerals',
    isCloud: true,
    url: 'https://lonestar.example',
  }),
];

describe('You have an invitation (spec 2 §2.9)', () => {
  it('switches to the chosen company, reloads with submitInvitation=true and registers there', async () => {
    const api = installRegisterApi({ companies });
    const { router } = renderApp('/admin/invitations/tok-1');
    const dialog = await screen.findByRole('dialog', { name: 'You have an invitation' });
    expect(api.find('POST', '/api/invitation/register/tok-1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Red Mesa Operating Co.' }));

    const notice = await screen.findByRole('dialog', { name: 'Received Invitation' });
    expect(router.state.location.pathname).toBe('/admin/invitations/tok-1');
    expect(router.state.location.search).toBe('?submitInvitation=true');
    const calls = api.find('POST', '/api/invitation/register/tok-1');
    expect(calls.map((c) => c.headers.get('Company-Id'))).toEqual(['2']);
    expect(screen.getByTestId('selected-company-name')).toHaveTextContent('Red Mesa');
    expect(
      api.find('GET', '/api/companyResolving/resolveCompanyByServiceId').map((r) => r.search),
    ).toEqual(['?companyId=2']);
    await userEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('registers in the current company without switching', async () => {
    const api = installRegisterApi({
      companies,
      user: { roles: [Role.Administrator], mainRole: Role.Administrator },
      handlers: { 'POST /api/invitation/register/tok-1': () => registered(true) },
    });
    const { router } = renderApp('/admin/invitations/tok-1');
    const dialog = await screen.findByRole('dialog', { name: 'You have an invitation' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Permian Basin Services LLC' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/invitations'));
    const calls = api.find('POST', '/api/invitation/register/tok-1');
    expect(calls.map((c) => c.headers.get('Company-Id'))).toEqual(['1']);
  });

  it("opens a cloud-hosted company's own invitation page", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = installRegisterApi({ companies });
    renderApp('/admin/invitations/tok-1');
    const dialog = await screen.findByRole('dialog', { name: 'You have an invitation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lone Star Minerals' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://lonestar.example/admin/invitations/list/tok-1'),
    );
    expect(api.find('POST', '/api/invitation/register/tok-1')).toHaveLength(0);
  });
});
