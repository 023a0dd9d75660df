import { describe, expect, it } from 'vitest';
import {
  INVITE_EXPIRY_DAYS,
  canDeleteConnection,
  canInvite,
  canReconnect,
  canRequestConnection,
  connectionStatusLabels,
  connectionStatuses,
  deriveConnectionStatus,
  isSelectableConnection,
  type ConnectionStatus,
  type ConnectionStatusFields,
} from '../src/rules/connection-status';

const now = new Date('2026-03-20T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const fresh = daysAgo(1);
const old = daysAgo(INVITE_EXPIRY_DAYS + 1);
const base: ConnectionStatusFields = {
  isDisconnected: false,
  connectedCompanyId: null,
  suggestedCompanyId: null,
  isInviteSent: false,
  inviteSentAt: null,
  connectionRequestedAt: null,
  inviteRejectedAt: null,
  disconnectedByCompanyId: null,
};
const status = (overrides: Partial<ConnectionStatusFields>) =>
  deriveConnectionStatus({ ...base, ...overrides }, now);

describe('deriveConnectionStatus (spec 2 §4.2)', () => {
  it('disconnected: the flag wins over everything', () => {
    expect(status({ isDisconnected: true })).toBe('disconnected');
    expect(status({ isDisconnected: true, connectedCompanyId: 5 })).toBe('disconnected');
    expect(status({ isDisconnected: true, isInviteSent: true, inviteSentAt: fresh })).toBe(
      'disconnected',
    );
  });

  it('connected: a connected company id exists', () => {
    expect(status({ connectedCompanyId: 5 })).toBe('connected');
    expect(status({ connectedCompanyId: 5, suggestedCompanyId: 6, isInviteSent: true })).toBe(
      'connected',
    );
  });

  it('onNetwork: a suggested company, not connected, no invite sent', () => {
    expect(status({ suggestedCompanyId: 6 })).toBe('onNetwork');
  });

  it('notOnNetwork: no suggested or connected company, no invite, not disconnected', () => {
    expect(status({})).toBe('notOnNetwork');
  });

  it('inviteSent: invite sent, not expired, no suggested company', () => {
    expect(status({ isInviteSent: true, inviteSentAt: fresh })).toBe('inviteSent');
    expect(status({ isInviteSent: true, inviteSentAt: null })).toBe('inviteSent');
  });

  it('inviteExpired: the invite is older than INVITE_EXPIRY_DAYS', () => {
    expect(status({ isInviteSent: true, inviteSentAt: old })).toBe('inviteExpired');
    expect(status({ isInviteSent: true, inviteSentAt: old.toISOString() })).toBe('inviteExpired');
  });

  it('the expiry boundary: exactly INVITE_EXPIRY_DAYS old is still open', () => {
    expect(status({ isInviteSent: true, inviteSentAt: daysAgo(INVITE_EXPIRY_DAYS) })).toBe(
      'inviteSent',
    );
  });

  it('connecting: invite sent to a suggested company, request not expired', () => {
    expect(
      status({ isInviteSent: true, suggestedCompanyId: 6, connectionRequestedAt: fresh }),
    ).toBe('connecting');
    // Without a request time the invite time counts.
    expect(status({ isInviteSent: true, suggestedCompanyId: 6, inviteSentAt: fresh })).toBe(
      'connecting',
    );
  });

  it('connectionRequestExpired: the connection request expired', () => {
    expect(
      status({
        isInviteSent: true,
        suggestedCompanyId: 6,
        inviteSentAt: fresh,
        connectionRequestedAt: old,
      }),
    ).toBe('connectionRequestExpired');
    expect(status({ isInviteSent: true, suggestedCompanyId: 6, inviteSentAt: old })).toBe(
      'connectionRequestExpired',
    );
  });
});

describe('rejected and disconnected by the other side (issue 27 items 17, 18)', () => {
  it('inviteRejected: the invited company rejected the e-mail invite, expired or not', () => {
    expect(status({ isInviteSent: true, inviteSentAt: fresh, inviteRejectedAt: fresh })).toBe(
      'inviteRejected',
    );
    expect(status({ isInviteSent: true, inviteSentAt: old, inviteRejectedAt: fresh })).toBe(
      'inviteRejected',
    );
    expect(connectionStatusLabels.inviteRejected).toBe('Invite rejected');
  });

  it('connectionRequestRejected: the company asked rejected the request', () => {
    expect(
      status({
        isInviteSent: true,
        suggestedCompanyId: 6,
        connectionRequestedAt: fresh,
        inviteRejectedAt: fresh,
      }),
    ).toBe('connectionRequestRejected');
  });

  it('a rejection no longer counts once no invite is out, connected or disconnected', () => {
    expect(status({ inviteRejectedAt: fresh })).toBe('notOnNetwork');
    expect(status({ connectedCompanyId: 5, inviteRejectedAt: fresh })).toBe('connected');
    expect(status({ isDisconnected: true, inviteRejectedAt: fresh })).toBe('disconnected');
  });

  it('disconnectedByOther: the other company deleted the relationship; it is on the network', () => {
    expect(status({ disconnectedByCompanyId: 5 })).toBe('disconnectedByOther');
    expect(status({ disconnectedByCompanyId: 5, suggestedCompanyId: 5 })).toBe(
      'disconnectedByOther',
    );
    expect(connectionStatusLabels.disconnectedByOther).toBe('Disconnected by the other connection');
    // Asking again (Reconnect) is a connection request: it reads as one.
    expect(
      status({
        disconnectedByCompanyId: 5,
        suggestedCompanyId: 5,
        isInviteSent: true,
        connectionRequestedAt: fresh,
      }),
    ).toBe('connecting');
    expect(status({ disconnectedByCompanyId: 5, connectedCompanyId: 5 })).toBe('connected');
    expect(status({ disconnectedByCompanyId: 5, isDisconnected: true })).toBe('disconnected');
  });

  it('offers the right action: resend after a rejection, reconnect after either disconnect', () => {
    expect(canInvite('inviteRejected')).toBe(true);
    expect(canRequestConnection('connectionRequestRejected')).toBe(true);
    expect(canReconnect('disconnectedByOther')).toBe(true);
    expect(canReconnect('disconnected')).toBe(true);
    expect(canInvite('disconnectedByOther')).toBe(false);
    expect(canRequestConnection('connecting')).toBe(false);
  });
});

describe('selection and deletion', () => {
  const expected: Record<ConnectionStatus, { select: boolean; remove: boolean }> = {
    disconnected: { select: false, remove: true },
    connected: { select: false, remove: false },
    inviteSent: { select: false, remove: false },
    connecting: { select: false, remove: false },
    inviteExpired: { select: false, remove: true },
    connectionRequestExpired: { select: false, remove: true },
    inviteRejected: { select: false, remove: true },
    connectionRequestRejected: { select: false, remove: true },
    disconnectedByOther: { select: false, remove: true },
    onNetwork: { select: false, remove: true },
    notOnNetwork: { select: true, remove: true },
  };
  it.each(connectionStatuses)('%s', (s) => {
    expect(isSelectableConnection(s)).toBe(expected[s].select);
    expect(canDeleteConnection(s)).toBe(expected[s].remove);
  });
});
