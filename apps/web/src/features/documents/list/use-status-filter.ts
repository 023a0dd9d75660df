import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_STATUSES, parseStatusFilter, type RouteStatusId } from '@flowline/shared';

const PARAM = 'documentRouteStatusId';
const storageName = (documentTypeId: number) => `flowline.table.documents.${documentTypeId}.status`;

/**
 * The list's status filter: the URL query documentRouteStatusId (default 0 = All) is the source of
 * truth; a list opened without it gets the status last used for that type (spec 3 §2, remembered
 * per list for the browser session).
 */
export function useStatusFilter(documentTypeId: number) {
  const [params, setParams] = useSearchParams();
  // A saved view (issue 30 item 6) replaces the status tabs: All while one is selected.
  const inView = params.has('view');
  const inUrl = params.get(PARAM);
  const remembered = inView ? null : window.sessionStorage.getItem(storageName(documentTypeId));
  const status = parseStatusFilter(inUrl ?? remembered);

  useEffect(() => {
    if (!inView && inUrl === null && status !== ALL_STATUSES) {
      setParams(
        (p) => {
          p.set(PARAM, String(status));
          return p;
        },
        { replace: true },
      );
    }
  }, [inView, inUrl, status, setParams]);

  useEffect(() => {
    if (!inView) window.sessionStorage.setItem(storageName(documentTypeId), String(status));
  }, [inView, documentTypeId, status]);

  const setStatus = useCallback(
    (next: RouteStatusId | 0) => {
      // Remembered first, so the render without the query (All) does not bring the old one back.
      window.sessionStorage.setItem(storageName(documentTypeId), String(next));
      setParams((p) => {
        p.delete('view');
        if (next === ALL_STATUSES) p.delete(PARAM);
        else p.set(PARAM, String(next));
        return p;
      });
    },
    [documentTypeId, setParams],
  );
  return [status, setStatus] as const;
}
