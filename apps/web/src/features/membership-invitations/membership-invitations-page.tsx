import { PageHeader } from '../../components/page-header';
import { useDateFormatter } from '../preferences/use-date-formatter';
import { useSession } from '../session/use-session';
import { MembershipInvitationsList } from './membership-invitations-list';

/** /membership-invitations: the link of the invitation e-mail and of its notification. */
export function MembershipInvitationsPage() {
  const { switchCompany } = useSession();
  const { formatDate } = useDateFormatter();
  return (
    <>
      <PageHeader title="Invitations to join a company" />
      <MembershipInvitationsList
        formatDate={formatDate}
        onAccepted={(companyId) => void switchCompany(companyId)}
      />
    </>
  );
}
