/**
 * Whether a new version of the app waits to take over (its service worker is installed and
 * waiting), and how to switch to it. A tiny store without workbox, so that the app's start does
 * not load the registration code (register-sw.ts, imported after the first paint).
 */
type Listener = () => void;
let apply: (() => void) | null = null;
const listeners = new Set<Listener>();

export const updateStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** The switch to the waiting version, or null when none waits. */
  getSnapshot: () => apply,
  setWaiting(next: (() => void) | null) {
    apply = next;
    listeners.forEach((l) => l());
  },
};
