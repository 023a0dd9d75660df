/**
 * Connection (party) status, spec 2 §4.2 and spec 3 §4. The server filters by the same rule in SQL
 * (apps/server/src/modules/parties/status-sql.ts); a test keeps both in agreement.
 */

/**
 * Days an invitation or a connection request stays open. The spec names expired states but no
 * duration; two weeks is our choice (docs/connections.md).
 */
export const INVITE_EXPIRY_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const connectionStatuses = [
  'disconnected',
  'connected',
  'inviteSent',
  'connecting',
  'inviteExpired',
  'connectionRequestExpired',
  'inviteRejected',
  'connectionRequestRejected',
  'disconnectedByOther',
  'onNetwork',
  'notOnNetwork',
] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** What the status shows on the connections screen (spec 2 §4.2 'Shown as'). */
export const connectionStatusLabels: Record<ConnectionStatus, string> = {
  disconnected: 'Disconnected',
  connected: 'Connected',
  inviteSent: 'Invite sent',
  connecting: 'Waiting for other connection to accept',
  inviteExpired: 'Invite expired',
  connectionRequestExpired: 'Connection request expired',
  inviteRejected: 'Invite rejected',
  connectionRequestRejected: 'Connection request rejected',
  disconnectedByOther: 'Disconnected by the other connection',
  onNetwork: 'On network',
  notOnNetwork: 'Not on network',
};

export const connectionMessages = {
  deleteRefused: 'Connected connection or connections with pending invites cannot be deleted',
  saved: 'Connection Saved',
  deleted: 'Connection Deleted',
  invalidEmail: (value: string) => `${value} is not a valid email`,
  dateRange: 'Effective From Date must be before Effective Thru Date',
  unknownProfiles: 'Only profiles of this company can be selected',
  /** Decision (docs/connections.md): the spec has no wording for a second request. */
  alreadyConnected: (name: string) =>
    `This company is already connected, or asked to connect, through ${name}`,
} as const;

/** The columns the status is derived from. */
export interface ConnectionStatusFields {
  isDisconnected: boolean;
  connectedCompanyId: number | null;
  suggestedCompanyId: number | null;
  isInviteSent: boolean;
  inviteSentAt: Date | string | null;
  connectionRequestedAt: Date | string | null;
  /** When the invited company rejected the invite or request now sent (issue 27 item 17). */
  inviteRejectedAt: Date | string | null;
  /** The company that ended the connection from its side ('delete the relationship'), item 18. */
  disconnectedByCompanyId: number | null;
}

/** The instant before which an invite or request sent is expired at `now`. */
export function inviteExpiryThreshold(now: Date): Date {
  return new Date(now.getTime() - INVITE_EXPIRY_DAYS * DAY_MS);
}

/** Expired when sent before the threshold; a missing time never expires. */
function expired(at: Date | string | null, now: Date): boolean {
  if (at === null) return false;
  return new Date(at).getTime() < inviteExpiryThreshold(now).getTime();
}

/**
 * The status, checked in this order: the disconnected flag wins (disconnect is permanent); then a
 * connected company; then a sent invite — towards a suggested company it is a connection request
 * (rejected when the company rejected it; else connecting, expiry from connectionRequestedAt, else
 * inviteSentAt), otherwise an e-mail invite (rejected, else inviteSent, expiry from inviteSentAt);
 * then a company that disconnected from us (disconnectedByOther); then a suggested company
 * (onNetwork); else notOnNetwork.
 */
export function deriveConnectionStatus(
  party: ConnectionStatusFields,
  now: Date = new Date(),
): ConnectionStatus {
  if (party.isDisconnected) return 'disconnected';
  if (party.connectedCompanyId !== null) return 'connected';
  if (party.isInviteSent) {
    const rejected = party.inviteRejectedAt !== null;
    if (party.suggestedCompanyId !== null) {
      if (rejected) return 'connectionRequestRejected';
      const requestedAt = party.connectionRequestedAt ?? party.inviteSentAt;
      return expired(requestedAt, now) ? 'connectionRequestExpired' : 'connecting';
    }
    if (rejected) return 'inviteRejected';
    return expired(party.inviteSentAt, now) ? 'inviteExpired' : 'inviteSent';
  }
  if (party.disconnectedByCompanyId !== null) return 'disconnectedByOther';
  return party.suggestedCompanyId !== null ? 'onNetwork' : 'notOnNetwork';
}

/** Only rows that are not on the network can be selected (to invite them), spec 2 §4.2. */
/** Statuses in which the company can be asked again with a connection request (Reconnect). */
export function canReconnect(status: ConnectionStatus): boolean {
  return status === 'disconnected' || status === 'disconnectedByOther';
}

/** Statuses in which an e-mail invite may be sent (again): Invite, Resend Invite. */
export function canInvite(status: ConnectionStatus): boolean {
  return ['notOnNetwork', 'inviteSent', 'inviteExpired', 'inviteRejected'].includes(status);
}

/** Statuses in which a connection request may be sent (again): Connect, Resend connection request. */
export function canRequestConnection(status: ConnectionStatus): boolean {
  return ['onNetwork', 'connectionRequestExpired', 'connectionRequestRejected'].includes(status);
}

/** Reject's optional reason, shown to the sender (issue 27 item 17). */
export const REJECT_REASON_MAX = 500;

export function isSelectableConnection(status: ConnectionStatus): boolean {
  return status === 'notOnNetwork';
}

/** Connected, invited and connecting connections cannot be deleted (spec 2 §4.2). */
export function canDeleteConnection(status: ConnectionStatus): boolean {
  return status !== 'connected' && status !== 'inviteSent' && status !== 'connecting';
}
