import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installSessionApi, renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('chat panel', () => {
  it('opens above the app bar, so its title and close button are not hidden under it', async () => {
    installSessionApi({ featureFlags: { messagingFlag: true } });
    renderApp('/');
    // The first render loads the lazy routes: slow on a busy machine.
    await userEvent.click(
      await screen.findByRole('button', { name: 'Messages' }, { timeout: 15_000 }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Messages' });
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeVisible();
    const appBar = document.querySelector('header.MuiAppBar-root') as HTMLElement;
    const modal = panel.closest('.MuiDrawer-root') as HTMLElement;
    const z = (el: Element) => Number(getComputedStyle(el).zIndex);
    expect(z(appBar)).toBeGreaterThan(0);
    expect(z(modal)).toBeGreaterThan(z(appBar));
    await userEvent.click(screen.getByRole('button', { name: 'Close messages' }));
  });
});
