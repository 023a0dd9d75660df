import Chip from '@mui/material/Chip';
import {
  routeStatusColour,
  routeStatusLabel,
  type ReturnKind,
  type StatusColour,
} from '@flowline/shared';

/** Spec 3 §4: blue, green and red statuses, drawn with the theme's info, success and error. */
const chipColour: Record<StatusColour, 'info' | 'success' | 'error'> = {
  blue: 'info',
  green: 'success',
  red: 'error',
};

/**
 * A document's route status; a missing status reads New, a returned division order says how it
 * came back ('Returned signed' / 'Returned unsigned').
 */
export function RouteStatusChip({
  statusId,
  returnKind,
}: {
  statusId: number | null | undefined;
  returnKind?: ReturnKind | null;
}) {
  return (
    <Chip
      size="small"
      label={routeStatusLabel(statusId, returnKind)}
      color={chipColour[routeStatusColour(statusId)]}
      data-colour={routeStatusColour(statusId)}
      // Long labels ('Returned unsigned') wrap inside a narrow status column instead of being cut.
      sx={{
        fontWeight: 600,
        height: 'auto',
        maxWidth: '100%',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
      }}
    />
  );
}
