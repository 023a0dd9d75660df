import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type ApprovalPolicy } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 120_000 });
afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const standard: ApprovalPolicy = {
  id: 1,
  name: 'Standard',
  position: 0,
  isActive: true,
  isDefault: true,
  partyId: null,
  partyName: null,
  codingPrefix: null,
  accountCodes: [],
  minTotal: null,
  maxTotal: null,
  steps: [
    { above: null, approverUserIds: [5], approverRoleId: null, approverLabel: 'Ana Clerk' },
    {
      above: 50000,
      approverUserIds: [],
      approverRoleId: Role.Administrator,
      approverLabel: 'any Administrator',
    },
  ],
};
const user = (id: number, firstName: string, lastName: string) => ({
  id,
  invitationPending: false,
  emailAddress: `${firstName.toLowerCase()}@example.com`,
  firstName,
  lastName,
  isActive: true,
  blocked: false,
  mainRole: Role.User,
});

describe('Approval Policies', () => {
  it('lists the policies with their steps and adds one with ordered steps', async () => {
    let policies = [standard];
    const api = installSessionApi({
      user: admin,
      handlers: {
        'GET /api/approvalpolicies': () => policies,
        'GET /api/users/exchange': () => ({
          items: [user(5, 'Ana', 'Clerk'), user(6, 'Ben', 'Manager')],
          totalRecords: 2,
        }),
        'POST /api/approvalpolicies': (req) => {
          const created = {
            ...standard,
            id: 2,
            isDefault: false,
            name: (req.body as { name: string }).name,
          };
          policies = [...policies, created];
          return Response.json(created, { status: 201 });
        },
      },
    });
    renderApp('/admin/approvalpolicies');
    const table = await screen.findByRole(
      'table',
      { name: 'Approval policies' },
      { timeout: 10_000 },
    );
    expect(within(table).getByText('Standard')).toBeInTheDocument();
    expect(within(table).getByText('Default')).toBeInTheDocument();
    expect(within(table).getByText('1. Ana Clerk')).toBeInTheDocument();
    expect(within(table).getByText('2. any Administrator (above $50,000.00)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'New approval policy' });
    // The shared schema refuses an empty policy before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Choose approvers or a role for every step'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/approvalpolicies')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Big invoices');
    const step1 = within(dialog).getByRole('group', { name: 'Step 1' });
    await userEvent.click(within(step1).getByRole('combobox', { name: 'Approvers' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Clerk' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    const step2 = within(dialog).getByRole('group', { name: 'Step 2' });
    await userEvent.type(
      within(step2).getByRole('textbox', { name: 'When the total is above' }),
      '50000',
    );
    await userEvent.click(within(step2).getByRole('combobox', { name: 'Or anyone with the role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Administrator' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('POST', '/api/approvalpolicies')).toHaveLength(1));
    expect(api.find('POST', '/api/approvalpolicies')[0]?.body).toMatchObject({
      name: 'Big invoices',
      steps: [
        { above: '', approverUserIds: [5], approverRoleId: null },
        { above: '50000', approverUserIds: [], approverRoleId: Role.Administrator },
      ],
    });
    expect(await screen.findByText('Approval policy saved')).toBeInTheDocument();
    expect(await screen.findByText('Big invoices')).toBeInTheDocument();
  });
});
