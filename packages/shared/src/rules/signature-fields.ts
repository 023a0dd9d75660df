import { DocumentTemplate, RouteStatus, type RouteStatusId } from '../ids';
import { signatureFieldMessages } from '../schemas/signing';
import { canChangeData } from './roles';
import { workflowMessages } from './document-workflow';

/**
 * Who may place a pending division order's signature field (issue 31 item 1; docs/signing.md
 * 'Signature fields'): the sending company's members who change data (Global support users
 * too, as for Send), while the order is unsent or sent and not yet returned. One rule for the
 * screen (whether 'Place signature field' shows) and the server (403 role / 409 state).
 */
export interface SignatureFieldEditInput {
  templateId: number;
  side: 'sent' | 'received';
  /** The caller's route status; null for a document never sent. */
  routeStatusId: number | null | undefined;
  userType: number;
  roles: readonly number[];
}

export type SignatureFieldEditDecision =
  { allowed: true } | { allowed: false; refusal: 'role' | 'state'; message: string };

/** The sender's route statuses before the owner answers (a returned order is Returned). */
const EDITABLE_FROM: readonly (RouteStatusId | null)[] = [
  null,
  RouteStatus.New,
  RouteStatus.Pending,
  RouteStatus.Sent,
];

export function decideSignatureFieldEdit(
  input: SignatureFieldEditInput,
): SignatureFieldEditDecision {
  if (input.templateId !== DocumentTemplate.PendingDivisionOrder) {
    return {
      allowed: false,
      refusal: 'state',
      message: signatureFieldMessages.notPendingDivisionOrder,
    };
  }
  if (input.side !== 'sent') {
    return { allowed: false, refusal: 'role', message: signatureFieldMessages.senderOnly };
  }
  if (!canChangeData({ roles: input.roles, userType: input.userType })) {
    return { allowed: false, refusal: 'role', message: workflowMessages.roleRefused };
  }
  const status = (input.routeStatusId ?? null) as RouteStatusId | null;
  if (!EDITABLE_FROM.includes(status)) {
    return { allowed: false, refusal: 'state', message: signatureFieldMessages.alreadyReturned };
  }
  return { allowed: true };
}
