import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReturnKind } from '@flowline/shared';

const ANY = 'any';

/**
 * Returned signed / unsigned (issue 27 item 9): narrows a list of returnable documents to the
 * returns of one kind; 'Signed or unsigned' shows every row of the status tab in force.
 */
export function ReturnKindFilter({
  value,
  onChange,
}: {
  value: ReturnKind | null;
  onChange(next: ReturnKind | null): void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Returned"
      value={value ?? ANY}
      onChange={(e) => onChange(e.target.value === ANY ? null : (e.target.value as ReturnKind))}
      sx={{ minWidth: 200, mb: 2 }}
    >
      <MenuItem value={ANY}>Signed or unsigned</MenuItem>
      <MenuItem value="signed">Returned signed</MenuItem>
      <MenuItem value="unsigned">Returned unsigned</MenuItem>
    </TextField>
  );
}
