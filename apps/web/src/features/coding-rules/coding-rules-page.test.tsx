import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type CodingRule } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 120_000 });
afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const limitRule: CodingRule = {
  id: 1,
  name: 'Under $5,000',
  partyId: null,
  partyName: null,
  isActive: true,
  kind: 'amountLimit',
  requiredKinds: [],
  limit: 5000,
  autoApprove: true,
  replacesApprovalSteps: null,
  poPattern: null,
  poValues: [],
};

describe('Coding Rules', () => {
  it('lists the rules and adds a required-coding rule for one connection', async () => {
    let rules: CodingRule[] = [limitRule];
    const api = installSessionApi({
      user: admin,
      handlers: {
        'GET /api/codingrules': () => rules,
        'GET /api/party/grid/search': () => ({
          items: [
            {
              id: 7,
              partyTypeId: 1,
              partyTypeName: 'Vendor',
              name: 'Permian Basin Services',
              number: 'P-1',
              phone: null,
              companyOrgUnits: [],
              effectiveFromDate: null,
              effectiveThruDate: null,
              isActive: true,
              partyStatus: 'connected',
              connectedCompanyId: 4,
              connectedCompanyName: 'Permian Basin Services LLC',
              suggestedCompanyId: null,
              suggestedCompanyName: null,
            },
          ],
          totalRecords: 1,
        }),
        'POST /api/codingrules': (req) => {
          const body = req.body as CodingRule;
          const created = { ...limitRule, ...body, id: 2, partyName: 'Permian Basin Services' };
          rules = [...rules, created];
          return Response.json(created, { status: 201 });
        },
      },
    });
    renderApp('/admin/codingrules');
    const table = await screen.findByRole(
      'table',
      { name: 'Coding rules' },
      { timeout: 10_000 }, // the first screen of the file loads its lazy modules
    );
    expect(
      within(table).getByText('Total at most $5,000.00; approves automatically'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'New rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coding rule' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one account kind')).toBeInTheDocument();
    expect(api.find('POST', '/api/codingrules')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'AFE or CC');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Applies to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Permian Basin Services' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'AFE' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Cost Center' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/codingrules')[0]?.body).toMatchObject({
        name: 'AFE or CC',
        partyId: 7,
        kind: 'requiredCoding',
        requiredKinds: [1, 2],
        autoApprove: false,
      }),
    );
    expect(await screen.findByText('Every line needs AFE or Cost Center')).toBeInTheDocument();
  });

  it('asks for the limit of an amount limit rule', async () => {
    installSessionApi({
      user: admin,
      handlers: {
        'GET /api/codingrules': () => [],
        'GET /api/party/grid/search': () => ({ items: [], totalRecords: 0 }),
      },
    });
    renderApp('/admin/codingrules');
    expect(await screen.findByText('There are no coding rules yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coding rule' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Limit');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Rule' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Amount limit' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Limit/ }), 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The limit must be an amount like 5000.00'),
    ).toBeInTheDocument();
  });
});
