import Chip from '@mui/material/Chip';
import { routeStatusColour, routeStatusName, type StatusColour } from '@flowline/shared';

/** Spec 3 §4: blue, green and red statuses, drawn with the theme's info, success and error. */
const chipColour: Record<StatusColour, 'info' | 'success' | 'error'> = {
  blue: 'info',
  green: 'success',
  red: 'error',
};

/** A document's route status; a missing status reads New. */
export function RouteStatusChip({ statusId }: { statusId: number | null | undefined }) {
  return (
    <Chip
      size="small"
      label={routeStatusName(statusId)}
      color={chipColour[routeStatusColour(statusId)]}
      data-colour={routeStatusColour(statusId)}
      sx={{ fontWeight: 600 }}
    />
  );
}
