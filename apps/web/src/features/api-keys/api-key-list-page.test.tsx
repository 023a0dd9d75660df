import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type ApiKey } from '@flowline/shared';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
const existing: ApiKey = {
  id: 1,
  name: 'Old ERP',
  role: Role.ReadOnly,
  keyPrefix: 'flk_AbCdEfGh',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  createdBy: 'Ada Admin',
  failedAttempts: 0,
  lastFailedAt: null,
};

describe('API Keys', () => {
  it('creates a key and shows it once, then revokes another', async () => {
    let keys: ApiKey[] = [existing];
    const api = installSessionApi({
      user: admin,
      handlers: {
        'GET /api/apikeys': () => keys,
        'POST /api/apikeys': (req) => {
          const created = {
            ...existing,
            id: 2,
            name: (req.body as { name: string }).name,
            role: Role.Processor,
            keyPrefix: 'flk_NewKey12',
          };
          keys = [created, ...keys];
          return Response.json(
            { ...created, key: 'flk_NewKey12-the-whole-secret' },
            { status: 201 },
          );
        },
        'DELETE /api/apikeys/1': () => {
          keys = keys.map((k) =>
            k.id === 1 ? { ...k, revokedAt: '2026-11-25T10:00:00.000Z' } : k,
          );
          return new Response(null, { status: 204 });
        },
      },
    });
    renderApp('/admin/apikeys');
    const table = await screen.findByRole('table', { name: 'API Keys' });
    expect(within(table).getByText('Old ERP')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API Key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'SAP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByDisplayValue('flk_NewKey12-the-whole-secret'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Copy the key now: it is shown only once.'),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/apikeys')[0]?.body).toEqual({
      name: 'SAP',
      role: Role.Processor,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table).findByText('SAP')).toBeInTheDocument();
    expect(screen.queryByText('flk_NewKey12-the-whole-secret')).not.toBeInTheDocument();

    const oldRow = within(table).getByText('Old ERP').closest('tr')!;
    await userEvent.click(within(oldRow as HTMLElement).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API Key' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.find('DELETE', '/api/apikeys/1')).toHaveLength(1));
    expect(await within(table).findByText('Revoked')).toBeInTheDocument();
  });
});

describe('failed attempts (issue 28 item 6)', () => {
  it("shows each key's last use and the failed attempts with its prefix", async () => {
    const guessed: ApiKey = {
      ...existing,
      lastUsedAt: '2026-11-20T09:00:00.000Z',
      failedAttempts: 12,
      lastFailedAt: '2026-11-21T08:30:00.000Z',
    };
    installSessionApi({ user: admin, handlers: { 'GET /api/apikeys': () => [guessed] } });
    renderApp('/admin/apikeys');
    const table = await screen.findByRole('table', { name: 'API Keys' });
    expect(
      within(table).getByRole('columnheader', { name: 'Failed attempts' }),
    ).toBeInTheDocument();
    const row = within(table).getByText('Old ERP').closest('tr') as HTMLElement;
    expect(within(row).getByText(/^12, last /)).toBeInTheDocument();
    expect(within(row).queryByText('Never')).not.toBeInTheDocument();
  });
});
