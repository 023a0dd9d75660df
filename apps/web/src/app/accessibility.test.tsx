import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Role } from '@flowline/shared';
import { buildCompany } from '../test/fixtures';
import { createFakeAuthClient } from '../test/fake-auth-client';
import { installSessionApi, renderApp } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

/** Serious and critical findings; jsdom cannot lay out text, so contrast is checked in the browser (e2e). */
async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  it('landing page', async () => {
    installSessionApi();
    renderApp('/landingpage', createFakeAuthClient({ isAuthenticated: false }));
    await screen.findByRole('button', { name: 'Sign up' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await seriousViolations()).toEqual([]);
  });

  it('signed-in shell with its landmarks, menu and dialog', async () => {
    installSessionApi({
      companies: [buildCompany({ id: 1 }), buildCompany({ id: 2 })],
      user: { roles: [Role.Administrator] },
    });
    renderApp('/inbox');
    await screen.findByRole('heading', { level: 1, name: 'Inbox' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    // The search box loads after the shell's first paint (issue 16 item 4).
    expect(await screen.findByRole('search')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await screen.findByRole('menu');
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('menuitem', { name: 'Change Account' }));
    await screen.findByRole('dialog', { name: 'Select Account to Navigate to' });
    expect(await seriousViolations()).toEqual([]);
  });

  it('error loading page', async () => {
    installSessionApi();
    renderApp('/errorLoading', createFakeAuthClient({ isAuthenticated: false }));
    await screen.findByRole('button', { name: 'Logout' });
    expect(await seriousViolations()).toEqual([]);
  });
});
