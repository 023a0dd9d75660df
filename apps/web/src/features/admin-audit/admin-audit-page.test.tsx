import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Role, adminAuditMessages, type AdminAuditEvent } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';
import { formatAuditValue } from './admin-audit-page';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const rolesChanged: AdminAuditEvent = {
  id: 2,
  createdAt: '2026-11-24T14:00:00.000Z',
  actorUserId: 5,
  actorName: 'Ada Admin',
  actorEmail: 'ada@acme.example',
  actorType: 'user',
  action: 'user.roles_changed',
  entityType: 'user',
  entityId: '9',
  summary: 'Changed the roles of Nina Hale (nina@acme.example)',
  changes: [
    { field: 'mainRole', old: 'ReadOnly', new: 'Administrator' },
    { field: 'additionalRoles', old: [], new: ['Processor'] },
  ],
  requestId: 'req-1',
};
const keyCreated: AdminAuditEvent = {
  ...rolesChanged,
  id: 1,
  createdAt: '2026-11-23T10:00:00.000Z',
  actorName: 'Flo Support',
  actorType: 'global_support',
  action: 'featureflag.changed',
  entityType: 'feature_flag',
  entityId: 'accounting-reports',
  summary: 'Set the feature flag accounting-reports to on (was default)',
  changes: [{ field: 'accounting-reports', old: null, new: true }],
};

function installAudit() {
  return installSessionApi({
    user: admin,
    handlers: {
      'GET /api/admin/audit': (req) => {
        const kind = new URLSearchParams(req.search).get('entityType');
        const items = [rolesChanged, keyCreated].filter((e) => !kind || e.entityType === kind);
        return { items, totalRecords: items.length };
      },
    },
  });
}
const lastSearch = (api: ReturnType<typeof installAudit>) =>
  api.find('GET', '/api/admin/audit').at(-1)?.search ?? '';

describe('Audit log', () => {
  it('lists who did what and when and opens the old → new details', async () => {
    const api = installAudit();
    renderApp('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Audit log' });
    expect(await within(grid).findByText(rolesChanged.summary)).toBeInTheDocument();
    expect(within(grid).getByText('Flo Support (Flowline support)')).toBeInTheDocument();
    expect(lastSearch(api)).toContain('page=1');

    await userEvent.click(
      within(grid).getByRole('button', { name: `Details of: ${rolesChanged.summary}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change details' });
    const fields = within(dialog).getByRole('table', { name: 'Changed fields' });
    const main = within(fields).getByRole('row', { name: /mainRole/ });
    expect(within(main).getByText('ReadOnly')).toBeInTheDocument();
    expect(within(main).getByText('Administrator')).toBeInTheDocument();
    expect(within(fields).getByRole('row', { name: /additionalRoles/ })).toHaveTextContent(
      'additionalRoles(none)Processor',
    );
    expect(within(dialog).getByText(/ada@acme\.example/)).toBeInTheDocument();

    // Axe on the dialog and the filters (the shared grid is checked by the other list screens).
    for (const part of [dialog, screen.getByRole('form', { name: 'Filters', hidden: true })]) {
      const result = await axe.run(part, { rules: { 'color-contrast': { enabled: false } } });
      expect(
        result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      ).toEqual([]);
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 120_000);

  it('filters by kind and date range on the server', async () => {
    const api = installAudit();
    renderApp('/admin/audit');
    const grid = await screen.findByRole('grid', { name: 'Audit log' });
    expect(await within(grid).findByText(rolesChanged.summary)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Feature flags' }));
    await waitFor(() => expect(lastSearch(api)).toContain('entityType=feature_flag'));
    await waitFor(() => expect(within(grid).queryByText(rolesChanged.summary)).toBeNull());

    // A date range goes to the server; a reversed one is explained and not sent.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastSearch(api)).toContain('from=2026-11-01'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText(adminAuditMessages.badRange)).toBeInTheDocument();
    expect(lastSearch(api)).not.toContain('to=2026-10-01');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(lastSearch(api)).toContain('to=2026-11-30'));
  }, 120_000);

  it('says so when nothing matches', async () => {
    installSessionApi({
      user: admin,
      handlers: { 'GET /api/admin/audit': () => ({ items: [], totalRecords: 0 }) },
    });
    renderApp('/admin/audit');
    expect(await screen.findByText(adminAuditMessages.empty)).toBeInTheDocument();
  });

  it('is for Administrators only', async () => {
    installSessionApi({ user: { roles: [Role.User], mainRole: Role.User } });
    renderApp('/admin/audit');
    expect(
      await screen.findByRole('heading', { name: 'You need to be an administrator' }),
    ).toBeInTheDocument();
  });

  it('shows values as people read them', () => {
    expect(formatAuditValue(null)).toBe('(none)');
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue(['A', 'B'])).toBe('A, B');
    expect(formatAuditValue({ limitCents: 5 })).toBe('{"limitCents":5}');
    expect(formatAuditValue(7)).toBe('7');
  });
});
