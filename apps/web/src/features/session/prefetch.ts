import type { SessionData } from '@flowline/shared';
import { readStoredCompanyId } from '../../lib/selected-company-storage';
import { getSession } from './api';

let pending: { companyId: number | null; answer: Promise<SessionData> } | null = null;

/**
 * Starts GET /api/session for the remembered company while the shell's code is still downloading
 * (app.tsx, once a stored sign-in is confirmed): the shell then finds the answer on its way or
 * already there, instead of asking only after its chunk arrived (issue 16 item 4).
 */
export function prefetchSession(): void {
  const companyId = readStoredCompanyId();
  const answer = getSession(companyId);
  // Handled by whoever takes it; a prefetch nobody takes must not be an unhandled rejection.
  answer.catch(() => undefined);
  pending = { companyId, answer };
}

/** The prefetched answer for this company, once; null when there is none to take. */
export function takePrefetchedSession(companyId: number | null): Promise<SessionData> | null {
  if (!pending || pending.companyId !== companyId) return null;
  const { answer } = pending;
  pending = null;
  return answer;
}
