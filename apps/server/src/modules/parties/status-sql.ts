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
  const toCompany = isNotNull(parties.suggestedCompanyId);
  const noCompany = isNull(parties.suggestedCompanyId);
  const clauses: Record<ConnectionStatus, SQL | undefined> = {
    disconnected: sql`${parties.isDisconnected}`,
    connected: and(not(parties.isDisconnected), isNotNull(parties.connectedCompanyId)),
    connecting: and(invited, toCompany, or(sql`${requestedAt} is null`, not(requestExpired))),
    connectionRequestExpired: and(invited, toCompany, requestExpired),
    inviteSent: and(invited, noCompany, or(isNull(parties.inviteSentAt), not(inviteExpired))),
    inviteExpired: and(invited, noCompany, inviteExpired),
    onNetwork: and(open, not(parties.isInviteSent), toCompany),
    notOnNetwork: and(open, not(parties.isInviteSent), noCompany),
  };
  const clause = clauses[status];
  if (!clause) throw new Error(`no clause for ${status}`);
  return clause;
}
