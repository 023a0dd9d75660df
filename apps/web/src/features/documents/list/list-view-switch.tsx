import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DocumentTypeId, PartyType } from '@flowline/shared';
import { useDivisionOrderResponses } from '../../division-orders/api';

export type ListView = 'documents' | 'responses';

/**
 * Whether the Pending Division Order list offers the 'Responses' view (issue 31 item 4): to an
 * operator, or to any company that has sent pending division orders (one row asked for).
 */
export function useHasResponsesView(typeId: number, partyTypeIds: readonly number[]): boolean {
  const pending = typeId === DocumentTypeId.PendingDivisionOrder;
  const operator = partyTypeIds.includes(PartyType.Operator);
  const probe = useDivisionOrderResponses(
    { page: 1, pageSize: 1 },
    // A quiet probe: a failure only leaves the view out.
    { enabled: pending && !operator, silent: true },
  );
  return pending && (operator || (probe.data?.totalRecords ?? 0) > 0);
}

/** Documents | Responses, above the list (a pair of toggle buttons, Tab and arrow keys). */
export function ListViewSwitch({
  value,
  onChange,
}: {
  value: ListView;
  onChange(next: ListView): void;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label="View"
      onChange={(_e, next: ListView | null) => {
        if (next) onChange(next);
      }}
      // The unselected button's default grey falls under 4.5:1 on a hovered or tinted background.
      sx={{ mb: 2, '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
    >
      <ToggleButton value="documents">Documents</ToggleButton>
      <ToggleButton value="responses">Responses</ToggleButton>
    </ToggleButtonGroup>
  );
}
