import Alert from '@mui/material/Alert';
import { useSession } from '../session/use-session';
import { useDateFormatter } from '../preferences';
import { useDelegations } from './assignment-api';

/** On 'My approvals': whose approvals the user holds today, and who holds theirs. */
export function OutOfOfficeNote() {
  const { user } = useSession();
  const { formatDate } = useDateFormatter();
  const active = (useDelegations().data?.items ?? []).filter((d) => d.isActive);
  const forOthers = active.filter((d) => d.toUserId === user.id);
  const mine = active.find((d) => d.fromUserId === user.id);
  if (forOthers.length === 0 && !mine) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {forOthers.map((d) => (
        <div key={d.id}>
          You approve for {d.fromUserName} until {formatDate(d.endsOn)}; their invoices are listed
          here.
        </div>
      ))}
      {mine && (
        <div>
          {mine.toUserName} approves for you until {formatDate(mine.endsOn)}.
        </div>
      )}
    </Alert>
  );
}
