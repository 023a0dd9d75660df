import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import {
  Role,
  UserType,
  featureFlagMessages,
  featureFlagNames,
  type CompanyFeatureFlags,
  type CompanyFeatureFlagsList,
  type FeatureFlagName,
} from '@flowline/shared';
import type { RecordedRequest } from '../../test/fake-api';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const globalUser = { roles: [Role.ReadOnly], mainRole: Role.ReadOnly, userType: UserType.Global };

function company(id: number, name: string, own: Partial<Record<FeatureFlagName, boolean>> = {}) {
  return {
    companyId: id,
    companyName: name,
    companyCode: name.slice(0, 4).toUpperCase(),
    flags: featureFlagNames.map((flag) =>
      flag in own
        ? { flag, enabled: own[flag]!, source: 'company' as const }
        : { flag, enabled: flag === 'in-app-messaging', source: 'default' as const },
    ),
  } satisfies CompanyFeatureFlags;
}

/** A tiny server: PUT changes the stored company, GET filters by the search text. */
function flagServer() {
  const companies = [
    company(11, 'Acme Oil'),
    company(12, 'Bravo Gas', { 'accounting-reports': true }),
  ];
  const list = (req: RecordedRequest): CompanyFeatureFlagsList => {
    const search = new URLSearchParams(req.search).get('search')?.toLowerCase() ?? '';
    const items = companies.filter((c) => c.companyName.toLowerCase().includes(search));
    return {
      items,
      totalRecords: items.length,
      defaults: featureFlagNames.map((flag) => ({
        flag,
        enabled: flag === 'in-app-messaging',
        source: 'environment' as const,
      })),
    };
  };
  const put = (id: number) => (req: RecordedRequest) => {
    const { flag, enabled } = req.body as { flag: FeatureFlagName; enabled: boolean | null };
    const i = companies.findIndex((c) => c.companyId === id);
    const own = Object.fromEntries(
      companies[i]!.flags.filter((f) => f.source === 'company').map((f) => [f.flag, f.enabled]),
    );
    if (enabled === null) delete own[flag];
    else own[flag] = enabled;
    companies[i] = company(id, companies[i]!.companyName, own);
    return companies[i];
  };
  return {
    'GET /api/admin/featureflags': list,
    'PUT /api/admin/featureflags/11': put(11),
    'PUT /api/admin/featureflags/12': put(12),
  };
}

const messages = (store: { getSnapshot(): readonly { message: string }[] }) =>
  store.getSnapshot().map((m) => m.message);

describe('Feature flags (Global users)', () => {
  it('is linked under Support and switches a flag of one company', async () => {
    const api = installSessionApi({ user: globalUser, handlers: flagServer() });
    const { router, snackbarStore } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const support = within(nav).getByRole('list', { name: 'Support' });
    await userEvent.click(within(support).getByRole('link', { name: 'Feature flags' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/featureflags'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Feature flags' }),
    ).toBeInTheDocument();

    const acme = await screen.findByRole('group', { name: /Acme Oil/ });
    const reports = within(acme).getByRole('switch', { name: 'Accounting reports for Acme Oil' });
    expect(reports).not.toBeChecked();
    expect(within(acme).getAllByText('Default')).toHaveLength(4);
    expect(
      within(acme).getByRole('switch', { name: 'In-app messaging for Acme Oil' }),
    ).toBeChecked();
    for (const label of ['Network match enhancement', 'Document type detection and extraction']) {
      expect(
        within(acme).getByRole('switch', { name: `${label} for Acme Oil` }),
      ).toBeInTheDocument();
    }

    await userEvent.click(reports);
    await waitFor(() => expect(messages(snackbarStore)).toContain(featureFlagMessages.saved));
    expect(api.find('PUT', '/api/admin/featureflags/11')[0]?.body).toEqual({
      flag: 'accounting-reports',
      enabled: true,
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: /Acme Oil/ })).getByRole('switch', {
          name: 'Accounting reports for Acme Oil',
        }),
      ).toBeChecked(),
    );
    expect(
      within(screen.getByRole('group', { name: /Acme Oil/ })).getByText('Own setting'),
    ).toBeInTheDocument();
    // Bravo Gas is not touched.
    expect(api.find('PUT', '/api/admin/featureflags/12')).toHaveLength(0);
  });

  it('shows own settings and resets one to the default', async () => {
    const api = installSessionApi({ user: globalUser, handlers: flagServer() });
    const { snackbarStore } = renderApp('/admin/featureflags');
    const bravo = await screen.findByRole('group', { name: /Bravo Gas/ });
    expect(within(bravo).getByText('Own setting')).toBeInTheDocument();
    await userEvent.click(
      within(bravo).getByRole('button', {
        name: 'Reset to default: Accounting reports for Bravo Gas',
      }),
    );
    await waitFor(() => expect(messages(snackbarStore)).toContain(featureFlagMessages.reset));
    expect(api.find('PUT', '/api/admin/featureflags/12')[0]?.body).toEqual({
      flag: 'accounting-reports',
      enabled: null,
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: /Bravo Gas/ })).queryByText('Own setting'),
      ).toBeNull(),
    );
  });

  it('searches companies', async () => {
    const api = installSessionApi({ user: globalUser, handlers: flagServer() });
    renderApp('/admin/featureflags');
    await screen.findByRole('group', { name: /Acme Oil/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'bravo');
    await waitFor(() => expect(screen.queryByRole('group', { name: /Acme Oil/ })).toBeNull());
    expect(screen.getByRole('group', { name: /Bravo Gas/ })).toBeInTheDocument();
    expect(api.find('GET', '/api/admin/featureflags').at(-1)?.search).toContain('search=bravo');
  });

  it('has no serious accessibility problems', async () => {
    installSessionApi({ user: globalUser, handlers: flagServer() });
    renderApp('/admin/featureflags');
    await screen.findByRole('group', { name: /Bravo Gas/ });
    // jsdom cannot lay out text, so colour contrast is checked in the browser (e2e).
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  it('is neither linked nor shown to a regular Administrator', async () => {
    const api = installSessionApi({
      user: { roles: [Role.Administrator], userType: UserType.Regular },
    });
    renderApp('/admin/featureflags');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Feature flags' })).toBeNull();
    expect(await screen.findByRole('heading', { name: /Page Not found/i })).toBeInTheDocument();
    expect(api.find('GET', '/api/admin/featureflags')).toHaveLength(0);
  });
});
