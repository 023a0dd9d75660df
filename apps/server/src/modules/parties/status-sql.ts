import { and, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { inviteExpiryThreshold, type ConnectionStatus } from '@flowline/shared';
import { parties } from '../../db/schema/index';

/**
 * The WHERE clause of each connection status: the shared deriveConnectionStatus rule in SQL, in
 * the same order of precedence (a test checks that both agree on every combination).
 */
export function connectionStatusWhere(status: ConnectionStatus, now: Date): SQL {
  const threshold = inviteExpiryThreshold(now);
  const requestedAt = sql`coalesce(${parties.connectionRequestedAt}, ${parties.inviteSentAt})`;
  const requestExpired = sql`${requestedAt} < ${threshold.toISOString()}`;
  const inviteExpired = lt(parties.inviteSentAt, threshold);
  const open = and(not(parties.isDisconnected), isNull(parties.connectedCompanyId));
  const invited = and(open, parties.isInviteSent);
  const rejected = isNotNull(parties.inviteRejectedAt);
  const notRejected = isNull(parties.inviteRejectedAt);
  const waiting = and(invited, notRejected);
  const notInvited = and(open, not(parties.isInviteSent));
  const byOther = isNotNull(parties.disconnectedByCompanyId);
  const notByOther = isNull(parties.disconnectedByCompanyId);
  const toCompany = isNotNull(parties.suggestedCompanyId);
  const noCompany = isNull(parties.suggestedCompanyId);
  const clauses: Record<ConnectionStatus, SQL | undefined> = {
    disconnected: sql`${parties.isDisconnected}`,
    connected: and(not(parties.isDisconnected), isNotNull(parties.connectedCompanyId)),
    connecting: and(waiting, toCompany, or(sql`${requestedAt} is null`, not(requestExpired))),
    connectionRequestExpired: and(waiting, toCompany, requestExpired),
    connectionRequestRejected: and(invited, toCompany, rejected),
    inviteSent: and(waiting, noCompany, or(isNull(parties.inviteSentAt), not(inviteExpired))),
    inviteExpired: and(waiting, noCompany, inviteExpired),
    inviteRejected: and(invited, noCompany, rejected),
    disconnectedByOther: and(notInvited, byOther),
    onNetwork: and(notInvited, notByOther, toCompany),
    notOnNetwork: and(notInvited, notByOther, noCompany),
  };
  const clause = clauses[status];
  if (!clause) throw new Error(`no clause for ${status}`);
  return clause;
}
