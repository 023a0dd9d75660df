import { lazy, Suspense, useSyncExternalStore } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { updateStore } from './update-store';

const UpdatePrompt = lazy(async () => ({
  default: (await import('./update-prompt')).UpdatePrompt,
}));

/** Loads and shows the update prompt only once a new version waits. */
export function PwaUpdate() {
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => null);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

/**
 * After the page's load, this long and an idle moment pass before the service worker is
 * registered: its install downloads the whole precache (~1 MB compressed), which must compete
 * neither with the first page nor with what the page loads right after (measured pages —
 * bench/web.ts — end before it).
 */
const REGISTER_AFTER_LOAD_MS = 5000;

/** The service worker is registered in a production build only; never in dev or tests. */
export function registerServiceWorkerAfterLoad() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    window.setTimeout(
      () =>
        whenIdle(
          () =>
            void import('./register-sw')
              .then((m) => m.registerServiceWorker())
              .catch(() => undefined),
          5000,
        ),
      REGISTER_AFTER_LOAD_MS,
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
