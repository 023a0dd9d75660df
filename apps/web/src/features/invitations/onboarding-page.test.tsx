import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role } from '@flowline/shared';
import { apiError } from '../../test/fake-api';
import { buildCompany } from '../../test/fixtures';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const sentText =
  'You Sent an invitation. You need to wait for the company to accept or reject the invitation.';
const registered = { invitationId: 4, isAdministrator: true };

function installOnboardingApi(options: SignedInOptions = {}) {
  return installSessionApi({
    user: { roles: [Role.Administrator], mainRole: Role.Administrator },
    ...options,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/invitation/pending/count': () => ({ count: 0 }),
      'POST /api/invitation/onboard/tok-1': () => registered,
      ...options.handlers,
    },
  });
}

const two = [buildCompany({ id: 1 }), buildCompany({ id: 2, name: 'Caprock LLC' })];

describe('Onboarding page', () => {
  it('onboards a single company directly and confirms with the Sent Invitation dialog', async () => {
    const api = installOnboardingApi();
    const { router } = renderApp('/admin/onboarding/tok-1');
    const dialog = await screen.findByRole('dialog', { name: 'Sent Invitation' });
    expect(within(dialog).getByText(sentText)).toBeVisible();
    expect(api.find('POST', '/api/invitation/onboard/tok-1')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks which company sends the invitation and onboards from the current one', async () => {
    const api = installOnboardingApi({ companies: two });
    renderApp('/admin/onboarding/tok-1');
    const dialog = await screen.findByRole('dialog', { name: 'Invite a company' });
    expect(api.find('POST', '/api/invitation/onboard/tok-1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Company 1' }));
    expect(await screen.findByRole('dialog', { name: 'Sent Invitation' })).toBeVisible();
    expect(api.find('POST', '/api/invitation/onboard/tok-1')[0]?.headers.get('Company-Id')).toBe(
      '1',
    );
  });

  it('switches to another company and reopens the route with submitInvitation', async () => {
    const api = installOnboardingApi({ companies: two });
    const { router } = renderApp('/admin/onboarding/tok-1');
    const dialog = await screen.findByRole('dialog', { name: 'Invite a company' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Caprock LLC' }));
    expect(await screen.findByRole('dialog', { name: 'Sent Invitation' })).toBeVisible();
    expect(router.state.location.search).toBe('?submitInvitation=true');
    const calls = api.find('POST', '/api/invitation/onboard/tok-1');
    expect(calls.map((c) => c.headers.get('Company-Id'))).toEqual(['2']);
  });

  it('skips the question with submitInvitation=true', async () => {
    const api = installOnboardingApi({ companies: two });
    renderApp('/admin/onboarding/tok-1?submitInvitation=true');
    expect(await screen.findByRole('dialog', { name: 'Sent Invitation' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Invite a company' })).not.toBeInTheDocument();
    expect(api.find('POST', '/api/invitation/onboard/tok-1')).toHaveLength(1);
  });

  it('shows an error as an alert and goes home', async () => {
    installOnboardingApi({
      handlers: {
        'POST /api/invitation/onboard/tok-1': () => apiError(400, 'Invitation not found'),
      },
    });
    const { router, snackbarStore } = renderApp('/admin/onboarding/tok-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(snackbarStore.getSnapshot()).toContainEqual(
      expect.objectContaining({ message: 'Invitation not found', persist: true }),
    );
  });
});

describe('Onboarding pending at startup', () => {
  it('blocks with the Sent Invitation dialog until OK', async () => {
    installOnboardingApi({ companies: [buildCompany({ onBoardingProcessPending: true })] });
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Sent Invitation' });
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
