import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  membershipInvitationMessages,
  roleNames,
  type MembershipInvitation,
  type RoleId,
} from '@flowline/shared';
import { useSnackbar } from '../../components/snackbar';
import { errorMessage } from '../../lib/api-error';
import { useAnswerMembershipInvitation, useMyMembershipInvitations } from './api';

/**
 * Companies asking the person to join them, each with Accept and Decline. Used on its own page
 * and, for someone who belongs to no company yet, in place of the application.
 */
export function MembershipInvitationsList({
  onAccepted,
  formatDate = (iso) => new Date(iso).toLocaleDateString(),
}: {
  onAccepted(companyId: number): void;
  formatDate?: (iso: string) => string;
}) {
  const invitations = useMyMembershipInvitations();
  const answer = useAnswerMembershipInvitation();
  const snackbar = useSnackbar();

  if (invitations.isPending) return <CircularProgress aria-label="Loading invitations" />;
  if (invitations.isError) {
    return <Typography color="error">{errorMessage(invitations.error)}</Typography>;
  }
  if (invitations.data.length === 0) {
    return (
      <Typography color="text.secondary">No company is waiting for you to join it.</Typography>
    );
  }

  const respond = (invitation: MembershipInvitation, accept: boolean) =>
    answer.mutate(
      { id: invitation.id, accept },
      {
        onSuccess: (result) => {
          snackbar.showSuccess(result ? result.message : membershipInvitationMessages.declined);
          if (result) onAccepted(result.companyId);
        },
        onError: (error) => snackbar.showError(errorMessage(error)),
      },
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
      {invitations.data.map((invitation) => {
        const busy = answer.isPending && answer.variables?.id === invitation.id;
        const headingId = `membership-invitation-${invitation.id}`;
        return (
          <Card
            key={invitation.id}
            variant="outlined"
            component="section"
            aria-labelledby={headingId}
          >
            <CardContent>
              <Typography id={headingId} variant="h6" component="h2">
                {invitation.companyName}
              </Typography>
              <Typography color="text.secondary">
                {invitation.invitedBy ? `${invitation.invitedBy} invited you` : 'You were invited'}{' '}
                on {formatDate(invitation.createdAt)} as{' '}
                {roleNames[invitation.mainRole as RoleId] ?? 'a user'}.
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                Nothing about you is shared with this company until you accept. Your name and e-mail
                stay yours and are changed only by you.
              </Typography>
            </CardContent>
            <CardActions>
              <Button
                variant="contained"
                disabled={answer.isPending}
                onClick={() => respond(invitation, true)}
                startIcon={busy && answer.variables?.accept ? <CircularProgress size={16} /> : null}
              >
                Accept
              </Button>
              <Button disabled={answer.isPending} onClick={() => respond(invitation, false)}>
                Decline
              </Button>
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
