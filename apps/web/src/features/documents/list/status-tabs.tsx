import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ALL_STATUSES, routeStatusName, type RouteStatusId } from '@flowline/shared';

/**
 * 'All' then the type's statuses (spec 3 §4). A status reached from elsewhere (a dashboard link)
 * that has no tab of its own gets one at the end, so the filter in force is always visible.
 */
export function StatusTabs({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly RouteStatusId[];
  value: RouteStatusId | 0;
  onChange(status: RouteStatusId | 0): void;
}) {
  const shown: (RouteStatusId | 0)[] = [ALL_STATUSES, ...statuses];
  if (!shown.includes(value)) shown.push(value);
  return (
    <Tabs
      value={value}
      onChange={(_e, next: RouteStatusId | 0) => onChange(next)}
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
    </Tabs>
  );
}
