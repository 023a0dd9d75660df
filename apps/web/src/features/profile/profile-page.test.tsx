import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserType, type Personalization } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

function installProfileApi(
  prefs: Personalization = { dateFormat: 'MM/dd/yyyy', receiveEmails: true },
  userType: number = UserType.Regular,
) {
  return installSessionApi({
    user: { title: 'Controller', userType },
    handlers: {
      'GET /api/users/current/personalization': () => prefs,
      'PUT /api/users/current/Personalization': (req) => req.body,
    },
  });
}
const messages = (store: { getSnapshot(): readonly { message: string }[] }) =>
  store.getSnapshot().map((m) => m.message);

describe('My profile', () => {
  it('saves names and preferences, then goes Home', async () => {
    const api = installProfileApi();
    const { router, snackbarStore } = renderApp('/profile');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'User Profile' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Email Address' })).toHaveAttribute(
      'readonly',
    );
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Controller');
    await userEvent.clear(title);
    await userEvent.type(title, 'CFO');
    await userEvent.click(screen.getByRole('combobox', { name: 'Date Format' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'MM/dd/yyyy',
      'dd/MM/yyyy',
      'yyyy/MM/dd',
      'yyyy-MM-dd',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'yyyy-MM-dd' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Receive Emails' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(messages(snackbarStore)).toContain('Successfully updated settings');
    expect(api.find('PUT', '/api/users/current/Personalization')[0]?.body).toEqual({
      firstName: 'Dana',
      lastName: 'Reyes',
      title: 'CFO',
      dateFormat: 'yyyy-MM-dd',
      receiveEmails: false,
    });
  });

  it('requires the names', async () => {
    const api = installProfileApi();
    renderApp('/profile');
    await userEvent.clear(await screen.findByRole('textbox', { name: /First Name/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(api.find('PUT', '/api/users/current/Personalization')).toHaveLength(0);
  });

  it('turns e-mails off at once in unsubscribe mode and locks the other fields', async () => {
    const api = installProfileApi();
    const { snackbarStore } = renderApp('/profile/unsubscribe');
    await waitFor(() =>
      expect(api.find('PUT', '/api/users/current/Personalization')).toHaveLength(1),
    );
    expect(api.find('PUT', '/api/users/current/Personalization')[0]?.body).toMatchObject({
      receiveEmails: false,
      dateFormat: 'MM/dd/yyyy',
    });
    await waitFor(() => expect(messages(snackbarStore)).toContain('Successfully updated settings'));
    expect(screen.getByRole('switch', { name: 'Receive Emails' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: /First Name/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Date Format' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('lets a Global user see but not change their names', async () => {
    installProfileApi(undefined, UserType.Global);
    renderApp('/profile');
    expect(await screen.findByRole('textbox', { name: /Last Name/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Receive Emails' })).toBeEnabled();
  });
});
