import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type Term } from '@flowline/shared';
import { json } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';

/**
 * Issue 27 item 22: Administration → Terminology lists the company's terms, saves them with
 * PUT /terminology/{id}, and the navigation's labels follow at once.
 */
const admin = { roles: [Role.Administrator], mainRole: Role.Administrator };
let terms: Term[];

function install(user: { roles: number[]; mainRole: number } = admin) {
  terms = [
    { terminologyId: 1, terminologyName: 'Profile', customizedName: null },
    { terminologyId: 2, terminologyName: 'Vendor', customizedName: null },
    { terminologyId: 3, terminologyName: 'Connection', customizedName: null },
  ];
  return installSessionApi({
    user,
    handlers: {
      'GET /api/terminology': () => terms,
      'PUT /api/terminology/3': (req) => {
        const body = req.body as { customizedName: string | null };
        terms = terms.map((t) =>
          t.terminologyId === 3 ? { ...t, customizedName: body.customizedName } : t,
        );
        return json(terms[2]);
      },
    },
  });
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 1400, height: 800 }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Terminology screen', () => {
  it('is linked under Administration, saves a term and the navigation follows live', async () => {
    const api = install();
    renderApp('/admin/terminology');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const adminList = await within(nav).findByRole('list', { name: 'Administration' });
    expect(within(adminList).getByRole('link', { name: 'Terminology' })).toHaveAttribute(
      'href',
      '/admin/terminology',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminology' })).toBeVisible();
    const field = await screen.findByRole('textbox', { name: 'Connection' });
    expect(screen.getByRole('textbox', { name: 'Profile' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(field, 'Partner');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Terminology Saved')).toBeVisible();
    expect(api.find('PUT', '/api/terminology/3')[0]?.body).toEqual({ customizedName: 'Partner' });
    expect(api.find('PUT', '/api/terminology/1')).toHaveLength(0);
    await waitFor(() =>
      expect(within(adminList).getByRole('link', { name: 'Partners' })).toBeVisible(),
    );
  });

  it('refuses a name that is too long, nothing saved', async () => {
    const api = install();
    renderApp('/admin/terminology');
    const field = await screen.findByRole('textbox', { name: 'Connection' });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 100 characters')).toBeVisible();
    expect(api.find('PUT', '/api/terminology/3')).toHaveLength(0);
  });

  it('is for Administrators only', async () => {
    install({ roles: [Role.User], mainRole: Role.User });
    renderApp('/admin/terminology');
    expect(
      await screen.findByRole('heading', { name: 'You need to be an administrator' }),
    ).toBeVisible();
  });
});
