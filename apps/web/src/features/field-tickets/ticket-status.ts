import { routeStatusNames, type RouteStatusId } from '@flowline/shared';

/** A ticket's status as the API gives it (a route status id or a word) in words. */
export function ticketStatusLabel(status: string | number | null | undefined): string {
  if (status === null || status === undefined || status === '') return 'Draft';
  if (typeof status === 'number') return routeStatusNames[status as RouteStatusId] ?? 'New';
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The list's status filter: the words the API is asked with. */
export const ticketStatusFilters = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'approved', label: 'Approved' },
  { value: 'viewed', label: 'Viewed' },
  { value: 'disputed', label: 'Disputed' },
  { value: 'rejected', label: 'Rejected' },
] as const;
