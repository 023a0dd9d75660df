import { Workbox } from 'workbox-window';
import { updateStore } from './update-store';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker of the production build (vite.config.ts `VitePWA`). A new
 * version installs in the background and waits; the app then offers 'Reload', which tells the
 * waiting worker to take over and reloads once it controls the page — never in the middle of
 * the user's work without asking.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    updateStore.setWaiting(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox
    .register()
    .then((registration) => {
      if (!registration) return;
      window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch(() => undefined);
}
