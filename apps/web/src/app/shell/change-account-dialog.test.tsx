import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELECTED_COMPANY_STORAGE_KEY } from '@flowline/shared';
import { SnackbarProvider, createSnackbarStore } from '../../components/snackbar';
import { SessionContext, type Session } from '../../features/session/use-session';
import { apiError, installFakeApi } from '../../test/fake-api';
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
  const snackbarStore = createSnackbarStore();
  render(
    <SnackbarProvider store={snackbarStore}>
      <SessionContext.Provider value={session}>
        <ChangeAccountDialog open onClose={onClose} />
      </SessionContext.Provider>
    </SnackbarProvider>,
  );
  return { switchCompany, onClose, snackbarStore };
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
    const api = installSessionApi({ companies });
    const { switchCompany, onClose } = renderDialog();
    // The Account Name field has the focus; the first account is next.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: /Bakken Operating Co/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(switchCompany).toHaveBeenCalledWith(2));
    // The server decides between switching and the company's own host (item 24).
    expect(api.find('GET', '/api/companyResolving/resolveCompanyByServiceId')[0]?.search).toBe(
      '?companyId=2',
    );
  });

  it("opens a cloud-hosted company's repository on its own host, as the server resolves it", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    installFakeApi({
      'GET /api/companyResolving/resolveCompanyByServiceId': () => ({
        id: 4,
        name: 'Eagle Ford Services',
        serviceId: 'svc-4',
        isCloud: true,
        url: 'https://eagle.flowline.example/',
      }),
    });
    const { switchCompany } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Eagle Ford Services/ }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://eagle.flowline.example/repository'),
    );
    expect(switchCompany).not.toHaveBeenCalled();
  });

  it('shows the server message when the company cannot be resolved', async () => {
    installFakeApi({
      'GET /api/companyResolving/resolveCompanyByServiceId': () =>
        apiError(404, 'Company not found', 'company_not_found'),
    });
    const { switchCompany, snackbarStore } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: /Bakken Operating Co/ }));
    await waitFor(() =>
      expect(snackbarStore.getSnapshot()).toContainEqual(
        expect.objectContaining({ message: 'Company not found', severity: 'error' }),
      ),
    );
    expect(switchCompany).not.toHaveBeenCalled();
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
    const companyIds = api.find('GET', '/api/session').map((r) => r.headers.get('Company-Id'));
    expect(companyIds.at(-1)).toBe('2');
    expect(api.find('GET', '/api/documentType').at(-1)?.headers.get('Company-Id')).toBe('2');
  });
});
