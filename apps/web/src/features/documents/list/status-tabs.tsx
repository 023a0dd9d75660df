import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ALL_STATUSES, routeStatusName, type RouteStatusId } from '@flowline/shared';

/** A saved view shown as a tab after the statuses (issue 30 item 6). */
export interface ViewTab {
  id: number;
  name: string;
  shared: boolean;
}

const viewValue = (id: number) => `view-${id}`;

/**
 * 'All' then the type's statuses (spec 3 §4). A status reached from elsewhere (a dashboard link)
 * that has no tab of its own gets one at the end, so the filter in force is always visible. Saved
 * views follow as tabs of their own; a selected view's tab is the selected one.
 */
export function StatusTabs({
  statuses,
  value,
  onChange,
  views = [],
  viewId = null,
  onViewChange,
}: {
  statuses: readonly RouteStatusId[];
  value: RouteStatusId | 0;
  onChange(status: RouteStatusId | 0): void;
  views?: readonly ViewTab[];
  viewId?: number | null;
  onViewChange?(id: number): void;
}) {
  const shown: (RouteStatusId | 0)[] = [ALL_STATUSES, ...statuses];
  if (viewId === null && !shown.includes(value)) shown.push(value);
  const selected =
    viewId !== null && views.some((v) => v.id === viewId) ? viewValue(viewId) : value;
  return (
    <Tabs
      value={selected}
      onChange={(_e, next: RouteStatusId | 0 | string) => {
        if (typeof next === 'string') onViewChange?.(Number(next.slice('view-'.length)));
        else onChange(next);
      }}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Status"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {shown.map((status) => (
        <Tab
          key={status}
          value={status}
          label={status === ALL_STATUSES ? 'All' : routeStatusName(status)}
        />
      ))}
      {views.map((v) => (
        <Tab
          key={viewValue(v.id)}
          value={viewValue(v.id)}
          label={v.name}
          aria-label={v.shared ? `${v.name} (saved view, shared)` : `${v.name} (saved view)`}
          sx={{ fontStyle: 'italic' }}
        />
      ))}
    </Tabs>
  );
}
