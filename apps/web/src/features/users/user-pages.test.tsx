import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type AdminUser, type AdminUserListItem } from '@flowline/shared';
import { apiError } from '../../test/fake-api';
import { installSessionApi, renderApp, type SignedInOptions } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const rows: AdminUserListItem[] = [
  {
    id: 3,
    emailAddress: 'a@permian.example',
    firstName: 'Ann',
    lastName: 'Lee',
    isActive: true,
    blocked: false,
    invitationPending: false,
    mainRole: 1,
  },
  {
    id: 4,
    emailAddress: 'b@permian.example',
    firstName: 'Bo',
    lastName: 'Ray',
    isActive: false,
    blocked: false,
    invitationPending: false,
    mainRole: 3,
  },
];
const victor: AdminUser = {
  id: 4,
  emailAddress: 'victor@permian.example',
  firstName: 'Victor',
  lastName: 'Ochoa',
  title: 'Clerk',
  phoneNumber: null,
  isActive: true,
  blocked: false,
  invitationPending: false,
  mainRole: Role.ReadOnly,
  additionalRoles: [],
  userRoles: [{ roleId: 3, userId: 4 }],
  userOrgUnitIds: [5],
  userType: 1,
  isTemporaryPassword: false,
  pendingEmailAddress: null,
};
const midland = {
  id: 5,
  name: 'Midland',
  code: 'MID',
  knownAs: null,
  phone: null,
  addressLineOne: null,
  addressLineTwo: null,
  city: null,
  state: null,
  country: null,
  zipCode: null,
  isActive: true,
};

function installUserApi(handlers: NonNullable<SignedInOptions['handlers']> = {}) {
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/terminology': () => [],
      'GET /api/lookups/roles': () => [
        { id: 1, name: 'Administrator' },
        { id: 3, name: 'ReadOnly' },
        { id: 11, name: 'Processor' },
      ],
      'GET /api/companyorgunit': () => ({ items: [midland], totalRecords: 1 }),
      'GET /api/users/exchange': () => ({ items: rows, totalRecords: 2 }),
      'GET /api/users/4': () => victor,
      'POST /api/users': () => victor,
      'PUT /api/users/4': () => victor,
      'DELETE /api/users/4': () => new Response(null, { status: 204 }),
      'POST /api/users/4/emailaddress': () => ({ ...victor, emailAddress: 'v@permian.example' }),
      'POST /api/users/4/block': () => ({ ...victor, blocked: true }),
      ...handlers,
    },
  });
}
const messages = (store: { getSnapshot(): readonly { message: string }[] }) =>
  store.getSnapshot().map((m) => m.message);

describe('Users list', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 1200, height: 800 }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists by e-mail with Active yes/no and inactive e-mails struck through', async () => {
    const api = installUserApi();
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New User' })).toHaveAttribute(
      'href',
      '/admin/user/create',
    );
    const grid = await screen.findByRole('grid');
    await within(grid).findByText('Ann');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'First Name', 'Last Name', 'Active']);
    expect(within(grid).getByRole('link', { name: 'b@permian.example' })).toHaveClass(
      'inactive-email',
    );
    expect(within(grid).getByRole('link', { name: 'a@permian.example' })).not.toHaveClass(
      'inactive-email',
    );
    expect(within(grid).getByText('No')).toBeInTheDocument();
    expect(api.find('GET', '/api/users/exchange')[0]?.search).toContain(
      'orderBy=email&orderByDirection=asc',
    );
  });

  it('is not shown to ReadOnly members', async () => {
    installSessionApi({ user: { roles: [Role.ReadOnly], mainRole: Role.ReadOnly } });
    renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'You need to be an administrator' }),
    ).toBeInTheDocument();
  });
});

describe('User form', () => {
  it('creates a user and shows the 120-020 message when the name does not match', async () => {
    const long =
      'The user you are attempting to create already exists in another company with a different name. Please revise the name and try again. If you continue to have issues, please contact support who can assist you further.';
    let calls = 0;
    const api = installUserApi({
      'POST /api/users': () => (calls++ === 0 ? apiError(409, 'x', '120-020') : victor),
    });
    const { router, snackbarStore } = renderApp('/admin/user/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create User' }),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You must select at least 1 Profile')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Main Role/ })).toHaveTextContent('ReadOnly');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'victor@permian.example');
    await userEvent.type(screen.getByRole('textbox', { name: /First Name/ }), 'Victor');
    await userEvent.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Ochoa');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Midland' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages(snackbarStore)).toContain(long));
    expect(api.find('POST', '/api/users')[0]?.body).toMatchObject({
      emailAddress: 'victor@permian.example',
      mainRole: 3,
      isActive: true,
      userOrgUnitIds: [5],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(messages(snackbarStore)).toContain('User Created');
  });

  it('edits with a read-only e-mail and the action menu', async () => {
    const lastAdmin = 'A company needs at least one active Administrator.';
    const api = installUserApi({ 'DELETE /api/users/4': () => apiError(409, lastAdmin) });
    const { snackbarStore } = renderApp('/admin/user/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit User' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Save',
      'Delete',
      'Change Email Address',
      'Block',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change Email Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Email Address' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Must be a valid e-mail and different from existing email'),
    ).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: /Email/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'v@permian.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messages(snackbarStore)).toContain(
        'A confirmation link was sent to v@permian.example. The e-mail address changes when it is confirmed.',
      ),
    );
    expect(api.find('POST', '/api/users/4/emailaddress')[0]?.body).toEqual({
      emailAddress: 'v@permian.example',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete User' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      // Issue 11 item 9: the server's reason, not the generic text.
      expect(messages(snackbarStore)).toContain(lastAdmin),
    );
  });

  it('explains what each role may do (issue 27 item 27)', async () => {
    installUserApi();
    renderApp('/admin/user/create');
    const mainRole = await screen.findByRole('combobox', { name: /Main Role/ });
    expect(
      screen.getByText(
        'Sees the documents and lists of the company, but cannot change, send, approve, pay or sign anything.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Rights add up: the member may do whatever any of their roles allows.'),
    ).toBeInTheDocument();
    await userEvent.click(mainRole);
    const listbox = await screen.findByRole('listbox');
    const processor = within(listbox).getByRole('option', { name: /^Processor/ });
    expect(processor).toHaveTextContent(/upload, edit, code, send, approve, reject, pay, sign/);
    expect(within(listbox).getByRole('option', { name: /^Administrator/ })).toHaveTextContent(
      /administering the company: users, profiles/,
    );
    await userEvent.click(processor);
    expect(mainRole).toHaveTextContent(/^Processor$/);
    expect(screen.getAllByText(/^Works with documents: upload, edit/)).toHaveLength(1);
  });

  it('asks before an Administrator demotes themselves, then leaves the admin pages', async () => {
    const self: AdminUser = {
      ...victor,
      mainRole: Role.Administrator,
      userRoles: [{ roleId: 1, userId: 4 }],
    };
    const api = installSessionApi({
      user: { id: 4, ...admin },
      handlers: {
        'GET /api/terminology': () => [],
        'GET /api/lookups/roles': () => [
          { id: 1, name: 'Administrator' },
          { id: 3, name: 'ReadOnly' },
          { id: 11, name: 'Processor' },
        ],
        'GET /api/companyorgunit': () => ({ items: [midland], totalRecords: 1 }),
        'GET /api/users/4': () => self,
        'PUT /api/users/4': () => ({ ...self, mainRole: Role.ReadOnly }),
      },
    });
    const { router } = renderApp('/admin/user/4');
    const mainRole = await screen.findByRole('combobox', { name: /Main Role/ });
    await userEvent.click(mainRole);
    await userEvent.click(await screen.findByRole('option', { name: /^ReadOnly/ }));
    const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await save();
    let dialog = await screen.findByRole('dialog', { name: 'Remove your Administrator role' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.find('PUT', '/api/users/4')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/admin/user/4');

    await save();
    dialog = await screen.findByRole('dialog', { name: 'Remove your Administrator role' });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Remove my Administrator role' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.find('PUT', '/api/users/4')[0]?.body).toMatchObject({ mainRole: 3 });
  });

  it("saves another user's role change without asking", async () => {
    const api = installUserApi({
      'GET /api/users/4': () => ({ ...victor, mainRole: Role.Administrator }),
    });
    const { router } = renderApp('/admin/user/4');
    const mainRole = await screen.findByRole('combobox', { name: /Main Role/ });
    await userEvent.click(mainRole);
    await userEvent.click(await screen.findByRole('option', { name: /^ReadOnly/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.find('PUT', '/api/users/4')).toHaveLength(1);
  });
});
