import { useSyncExternalStore } from 'react';
import { SESSION_FLAG_PREFIX } from '../auth/auth-context';

/**
 * The dialogs that greet a company at start come one after the other (issue 27 item 21): while
 * the 'Sent Invitation' dialog of a pending onboarding is open, the 'Welcome to Flowline' dialog
 * waits, and opens once it is closed. The onboarding dialog's "shown" mark (once per browser
 * session and company) is the signal, kept here so that both dialogs read the same value.
 */
const listeners = new Set<() => void>();

const onboardingKey = (companyId: number) =>
  `${SESSION_FLAG_PREFIX}onboardingPendingShown.${companyId}`;

function wasShown(companyId: number): boolean {
  try {
    return window.sessionStorage.getItem(onboardingKey(companyId)) !== null;
  } catch {
    return false;
  }
}

/** Marks the 'Sent Invitation' dialog as seen for this session and lets the next dialog open. */
export function markOnboardingDialogShown(companyId: number): void {
  try {
    window.sessionStorage.setItem(onboardingKey(companyId), '1');
  } catch {
    // Without storage it shows again after a reload; harmless.
    shownWithoutStorage.add(companyId);
  }
  for (const listener of listeners) listener();
}

/** Remembered in memory only when the browser refuses session storage. */
const shownWithoutStorage = new Set<number>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the company's 'Sent Invitation' dialog is (still) to be shown in this session. */
export function useOnboardingDialogOpen(companyId: number, pending: boolean): boolean {
  const shown = useSyncExternalStore(
    subscribe,
    () => shownWithoutStorage.has(companyId) || wasShown(companyId),
  );
  return pending && !shown;
}
