import { Controller } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminUserListItem } from '@flowline/shared';
import type { OrgUnitControl } from './form-fields';

const toggle = (ids: readonly number[], id: number, on: boolean) =>
  on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id);

/** Spec 3 §2: the company's active users, with a checkbox each to assign them to the profile. */
export function OrgUnitUsersTable({
  control,
  users,
  loading,
}: {
  control: OrgUnitControl;
  users: AdminUserListItem[];
  loading: boolean;
}) {
  return (
    <section aria-labelledby="org-unit-users">
      <Typography variant="h3" id="org-unit-users" sx={{ mb: 1.5 }}>
        Users
      </Typography>
      {loading ? (
        <CircularProgress size={24} aria-label="Loading users" />
      ) : (
        <Controller
          name="users"
          control={control}
          render={({ field }) => {
            const chosen = field.value ?? [];
            const allOn = users.length > 0 && users.every((u) => chosen.includes(u.id));
            return (
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table stickyHeader aria-label="Users">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allOn}
                          indeterminate={!allOn && users.some((u) => chosen.includes(u.id))}
                          onChange={(e) =>
                            field.onChange(
                              users.reduce((ids, u) => toggle(ids, u.id, e.target.checked), chosen),
                            )
                          }
                          slotProps={{ input: { 'aria-label': 'Assign all users' } }}
                        />
                      </TableCell>
                      <TableCell>Name</TableCell>
                      <TableCell>Email</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {users.map((u) => {
                      const name = `${u.firstName} ${u.lastName}`.trim();
                      return (
                        <TableRow key={u.id} hover>
                          <TableCell padding="checkbox">
                            <Checkbox
                              checked={chosen.includes(u.id)}
                              onChange={(e) =>
                                field.onChange(toggle(chosen, u.id, e.target.checked))
                              }
                              slotProps={{ input: { 'aria-label': `Assign ${name}` } }}
                            />
                          </TableCell>
                          <TableCell>{name}</TableCell>
                          <TableCell>{u.emailAddress}</TableCell>
                        </TableRow>
                      );
                    })}
                    {users.length === 0 && (
                      <TableRow>
                        <TableCell colSpan={3}>No active users</TableCell>
                      </TableRow>
                    )}
                  </TableBody>
                </Table>
              </TableContainer>
            );
          }}
        />
      )}
    </section>
  );
}
