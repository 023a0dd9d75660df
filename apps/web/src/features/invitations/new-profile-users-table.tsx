import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { AdminUserListItem } from '@flowline/shared';
import type { OrgUnitControl } from '../org-units/form-fields';

type SortKey = 'firstName' | 'lastName' | 'emailAddress';
const columns: { key: SortKey; label: string }[] = [
  { key: 'firstName', label: 'First Name' },
  { key: 'lastName', label: 'Last Name' },
  { key: 'emailAddress', label: 'Email' },
];

const toggle = (ids: readonly number[], id: number, on: boolean) =>
  on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id);

/** Spec 2 §2.8: the active users to assign to the new profile, sorted by email by default. */
export function NewProfileUsersTable({
  control,
  users,
  loading,
}: {
  control: OrgUnitControl;
  users: AdminUserListItem[];
  loading: boolean;
}) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({
    key: 'emailAddress',
    direction: 'asc',
  });
  const rows = useMemo(() => {
    const sign = sort.direction === 'asc' ? 1 : -1;
    return [...users].sort((a, b) => sign * a[sort.key].localeCompare(b[sort.key]));
  }, [users, sort]);

  const sortBy = (key: SortKey) =>
    setSort((s) => ({
      key,
      direction: s.key === key && s.direction === 'asc' ? 'desc' : 'asc',
    }));

  if (loading) return <CircularProgress size={24} aria-label="Loading users" />;
  return (
    <section aria-labelledby="new-profile-users">
      <Typography variant="h3" id="new-profile-users" sx={{ mb: 1.5 }}>
        Users
      </Typography>
      <Controller
        name="users"
        control={control}
        render={({ field }) => {
          const chosen = field.value ?? [];
          const allOn = rows.length > 0 && rows.every((u) => chosen.includes(u.id));
          return (
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table stickyHeader size="small" aria-label="Users">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allOn}
                        indeterminate={!allOn && rows.some((u) => chosen.includes(u.id))}
                        onChange={(e) =>
                          field.onChange(
                            rows.reduce((ids, u) => toggle(ids, u.id, e.target.checked), chosen),
                          )
                        }
                        slotProps={{ input: { 'aria-label': 'Select all users' } }}
                      />
                    </TableCell>
                    {columns.map((c) => (
                      <TableCell key={c.key} sortDirection={sort.key === c.key && sort.direction}>
                        <TableSortLabel
                          active={sort.key === c.key}
                          direction={sort.key === c.key ? sort.direction : 'asc'}
                          onClick={() => sortBy(c.key)}
                        >
                          {c.label}
                        </TableSortLabel>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((u) => (
                    <TableRow key={u.id} hover>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={chosen.includes(u.id)}
                          onChange={(e) => field.onChange(toggle(chosen, u.id, e.target.checked))}
                          slotProps={{ input: { 'aria-label': `Select ${u.emailAddress}` } }}
                        />
                      </TableCell>
                      <TableCell>{u.firstName}</TableCell>
                      <TableCell>{u.lastName}</TableCell>
                      <TableCell>{u.emailAddress}</TableCell>
                    </TableRow>
                  ))}
                  {rows.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={4}>No active users</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          );
        }}
      />
    </section>
  );
}
