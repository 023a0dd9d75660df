import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELECTED_COMPANY_STORAGE_KEY } from '@flowline/shared';
import { SessionContext, type Session } from '../../features/session/use-session';
import { buildCompany, buildUser } from '../../test/fixtures';
import { installSessionApi, renderApp } from '../../test/render-app';
import { ChangeAccountDialog } from './change-account-dialog';

afterEach(() => vi.unstubAllGlobals());

const companies = [
  buildCompany({ id: 1, name: 'Permian Vendors LLC' }),
  buildCompany({ id: 2, name: 'Bakken Operating Co' }),
  buildCompany({ id: 3, name: 'Permian Royalty Owners' }),
  buildCompany({ id: 4, name: 'Eagle Ford Services' }),
];

function renderDialog(switchCompany = vi.fn<Session['switchCompany']>(() => Promise.resolve())) {
  const session: Session = {
    company: companies[0]!,
    companies,
    user: buildUser({ companies }),
    isAdministrator: false,
    switchCompany,
  };
  const onClose = vi.fn();
  render(
    <SessionContext.Provider value={session}>
      <ChangeAccountDialog open onClose={onClose} />
    </SessionContext.Provider>,
  );
  return { switchCompany, onClose };
}

const accountNames = () =>
  within(screen.getByRole('list', { name: 'Accounts' }))
    .getAllByRole('button')
    .map((b) => within(b).getByText(/./, { selector: '.MuiListItemText-primary' }).textContent);

describe('Change Account dialog', () => {
  it('lists the other companies, not the current one', () => {
    renderDialog();
    expect(
      screen.getByRole('dialog', { name: 'Select Account to Navigate to' }),
    ).toBeInTheDocument();
    expect(accountNames()).toEqual([
      'Bakken Operating Co',
      'Eagle Ford Services',
      'Permian Royalty Owners',
    ]);
  });

  it('filters by Account Name', async () => {
    renderDialog();
    await userEvent.type(screen.getByRole('textbox', { name: 'Account Name' }), 'permian');
    // The current company matches the text too, and still is not offered.
    expect(accountNames()).toEqual(['Permian Royalty Owners']);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Account Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Account Name' }), 'zzz');
    expect(screen.getByText('No accounts found')).toBeInTheDocument();
  });

  it('switches to the chosen company with the keyboard', async () => {
    const { switchCompany, onClose } = renderDialog();
    // The Account Name field has the focus; the first account is next.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Bakken Operating Co/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(switchCompany).toHaveBeenCalledWith(2);
  });
});

describe('switching company in the app', () => {
  it('stores the choice, reloads the session for it and goes Home', async () => {
    const api = installSessionApi({ companies: companies.slice(0, 2) });
    const { router } = renderApp('/inbox');
    await screen.findByRole('heading', { level: 1, name: 'Inbox' });
    expect(screen.getByTestId('selected-company-name')).toHaveTextContent('Permian Vendors LLC');

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change Account' }));
    await userEvent.click(await screen.findByRole('button', { name: /Bakken Operating Co/ }));

    await waitFor(() =>
      expect(screen.getByTestId('selected-company-name')).toHaveTextContent('Bakken Operating Co'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem(SELECTED_COMPANY_STORAGE_KEY)).toBe('2');
    const companyIds = api
      .find('GET', '/api/users/current')
      .map((r) => r.headers.get('Company-Id'));
    expect(companyIds.at(-1)).toBe('2');
    expect(api.find('GET', '/api/documentType').at(-1)?.headers.get('Company-Id')).toBe('2');
  });
});
