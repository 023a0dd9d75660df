import { Role, roleNames, type RoleId } from '../ids';
import { formatUsd } from './document-validation';
import { WORKFLOW_TRANSITIONS } from './document-workflow';
import type { CodingKey } from './line-items';

/**
 * Approval chains (issue 29 item 1; docs/approvals.md). A receiving company's Administrator
 * defines approval policies: conditions on the invoice and ordered steps, each with its approvers
 * (users or a role) and an amount from which it applies. An arriving invoice is given the first
 * matching policy (else the default one) as a snapshot — its chain — so a later policy change
 * does not alter invoices in flight. Each step approves in turn; the last one makes it Approved.
 * Pure rules shared by the server (which enforces them) and the screens (which explain them).
 */

export interface ApprovalStepDefinition {
  /** The step applies only when the invoice total is above this (cents); null: always. */
  aboveCents: number | null;
  approverUserIds: readonly number[];
  /** Every member holding this role may approve the step. */
  approverRoleId: number | null;
}

export interface ApprovalPolicyDefinition {
  id: number;
  name: string;
  isActive: boolean;
  /** The default policy applies when no other one matches; its conditions are ignored. */
  isDefault: boolean;
  /** The connection (vendor) the policy is for; null: every connection. */
  partyId: number | null;
  /** Some line's AFE or cost center starts with this (case-insensitive). */
  codingPrefix: string | null;
  /** Some line carries one of these account codes. */
  accountCodes: readonly string[];
  minTotalCents: number | null;
  maxTotalCents: number | null;
  steps: readonly ApprovalStepDefinition[];
}

export interface InvoiceForPolicies {
  partyId: number | null;
  totalCents: number | null;
  lines: readonly { coding: Partial<Record<CodingKey, string | null>> }[];
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Whether the invoice meets every condition of the policy (an empty condition always holds). */
export function policyMatches(policy: ApprovalPolicyDefinition, invoice: InvoiceForPolicies) {
  if (policy.partyId !== null && policy.partyId !== invoice.partyId) return false;
  const total = invoice.totalCents;
  if (policy.minTotalCents !== null && (total === null || total < policy.minTotalCents)) {
    return false;
  }
  if (policy.maxTotalCents !== null && (total === null || total > policy.maxTotalCents)) {
    return false;
  }
  const prefix = policy.codingPrefix?.trim().toUpperCase();
  if (prefix) {
    const hit = invoice.lines.some((l) =>
      [l.coding.afe, l.coding.costCenter].some((v) => v?.trim().toUpperCase().startsWith(prefix)),
    );
    if (!hit) return false;
  }
  if (policy.accountCodes.length > 0) {
    const hit = invoice.lines.some((l) => {
      const code = l.coding.accountCode;
      return !!code && policy.accountCodes.some((c) => same(c, code));
    });
    if (!hit) return false;
  }
  return true;
}

/** First match wins (policies in the Administrator's order); else the default; else none. */
export function matchApprovalPolicy<P extends ApprovalPolicyDefinition>(
  policies: readonly P[],
  invoice: InvoiceForPolicies,
): P | null {
  const active = policies.filter((p) => p.isActive);
  return (
    active.find((p) => !p.isDefault && policyMatches(p, invoice)) ??
    active.find((p) => p.isDefault) ??
    null
  );
}

export interface ChainApproval {
  /** null: a coding rule approved the step. */
  userId: number | null;
  userName: string;
  at: string;
  comment: string | null;
  /** The coding rule that counted as this step. */
  byRule: string | null;
  /** Approved by a delegate for this user ('Out of office'); absent on older chains. */
  onBehalfOfUserId?: number | null;
  onBehalfOf?: string | null;
}

/** 'Assign to' (issue 29 item 5): the step was given to one named user. */
export interface ChainAssignment {
  userId: number;
  userName: string;
  byUserId: number;
  byName: string;
  at: string;
  comment: string | null;
  /** Who the step waited for before ('Ana Clerk or any Administrator'). */
  previousLabel: string;
}

export interface ChainStep {
  approverUserIds: number[];
  approverRoleId: number | null;
  /** Who may approve, as named when the chain was made ('Dana Controller', 'any Administrator'). */
  approverLabel: string;
  approval: ChainApproval | null;
  /** The step's last assignment to a named user; absent when it never was. */
  assigned?: ChainAssignment | null;
}

/** The chain snapshot a document carries. */
export interface ApprovalChain {
  policyId: number | null;
  policyName: string;
  steps: ChainStep[];
}

export const approvalMessages = {
  ownSubmission: 'You cannot approve an invoice you submitted.',
  alreadyApprovedStep: (step: number, of: number, next: number) =>
    `You already approved step ${step} of ${of}; another approver must approve step ${next}.`,
  outOfTurn: (label: string, step: number, of: number) =>
    `Step ${step} of ${of} must be approved first (awaiting approval by ${label}).`,
  notAnApprover: (label: string, step: number, of: number) =>
    `Awaiting approval by ${label} (step ${step} of ${of}); you are not an approver of this step.`,
  aboveLimit: (limitCents: number, totalCents: number) =>
    `Your approval limit is ${formatUsd(limitCents)}; this invoice totals ${formatUsd(totalCents)}.`,
  noTotalWithLimit:
    'This invoice has no total, so your approval limit does not allow approving it.',
  chainComplete: 'Every step of this approval chain is already approved.',
  stepApproved: 'Approval recorded; the next step is waiting',
  awaiting: (label: string, step: number, of: number) =>
    `Awaiting approval by ${label} (step ${step} of ${of})`,
  anyUser: 'any user',
  singleApproval: 'Single approval',
  policyNotFound: 'Approval policy not found',
  approverRequired: 'Choose approvers or a role for every step',
  firstStepAlways: 'The first step applies to every amount',
  stepsAscending: 'Each step must start above the amount of the step before it',
  rangeOrder: 'The lowest amount cannot be above the highest',
  userNotMember: 'Choose approvers among your users',
  oneDefault: 'Only one policy can be the default',
  escalatedTo: 'Administrators (escalated)',
  delegationSelf: 'You cannot delegate your approvals to yourself',
  delegationNotMember: 'Choose a user of your company who may approve',
  delegationOverlap: 'You already delegate your approvals for part of these dates',
  delegationNotFound: 'Delegation not found',
  delegationDates: 'The last day cannot be before the first day',
  delegationPast: 'The last day cannot be in the past',
  delegationOthers: 'Only Administrators can set out of office for another user',
  assignNotApprover: (label: string, step: number, of: number) =>
    `Awaiting approval by ${label} (step ${step} of ${of}); only its approvers or an Administrator can assign it.`,
  assigneeNotFound: 'User not found',
  assigneeCannotApprove: 'Choose a user of your company who may approve',
  assigneeSubmitted: (name: string) => `${name} submitted this invoice and cannot approve it.`,
  assigneeApprovedStep: (name: string, step: number, of: number) =>
    `${name} already approved step ${step} of ${of}; one person approves one step of a chain.`,
  assigneeAboveLimit: (name: string, limitCents: number, totalCents: number) =>
    `${name}'s approval limit is ${formatUsd(limitCents)}; this invoice totals ${formatUsd(totalCents)}.`,
  assigneeNoTotal: (name: string) =>
    `This invoice has no total, so ${name}'s approval limit does not allow approving it.`,
  alreadyAssigned: (name: string, step: number, of: number) =>
    `Step ${step} of ${of} already waits for ${name} alone.`,
  assigned: (name: string) => `Assigned to ${name}`,
} as const;

/** The label of a step's approvers: user names, else the role ('any Administrator'). */
export function approverLabel(
  step: Pick<ApprovalStepDefinition, 'approverUserIds' | 'approverRoleId'>,
  userName: (id: number) => string,
): string {
  const names = step.approverUserIds.map(userName);
  if (step.approverRoleId !== null) {
    names.push(`any ${roleNames[step.approverRoleId as RoleId] ?? 'member'}`);
  }
  if (names.length === 0) return approvalMessages.anyUser;
  return names.length === 1
    ? names[0]!
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** The chain of a policy for this total: the steps whose amount the total exceeds, in order. */
export function buildApprovalChain(
  policy: ApprovalPolicyDefinition,
  totalCents: number | null,
  userName: (id: number) => string,
): ApprovalChain {
  const steps = policy.steps.filter(
    (s, i) => i === 0 || s.aboveCents === null || (totalCents ?? 0) > s.aboveCents,
  );
  return {
    policyId: policy.id,
    policyName: policy.name,
    steps: steps.map((s) => ({
      approverUserIds: [...s.approverUserIds],
      approverRoleId: s.approverRoleId,
      approverLabel: approverLabel(s, userName),
      approval: null,
    })),
  };
}

/** A document without a policy: one approval by any member who may change data. */
export function singleApprovalChain(): ApprovalChain {
  return {
    policyId: null,
    policyName: approvalMessages.singleApproval,
    steps: [
      { approverUserIds: [], approverRoleId: null, approverLabel: 'any user', approval: null },
    ],
  };
}

/** The index of the step that waits, or null when every step is approved. */
export function currentStepIndex(chain: ApprovalChain): number | null {
  const index = chain.steps.findIndex((s) => s.approval === null);
  return index === -1 ? null : index;
}

/** 'Awaiting approval by Dana Controller (step 2 of 3)', or null when complete. */
export function awaitingApprovalText(chain: ApprovalChain): string | null {
  const index = currentStepIndex(chain);
  if (index === null) return null;
  return approvalMessages.awaiting(
    chain.steps[index]!.approverLabel,
    index + 1,
    chain.steps.length,
  );
}

export interface ApprovalActor {
  userId: number;
  roles: readonly number[];
  /** The user's approval limit in cents; null: no limit. */
  limitCents: number | null;
}

/** Whether the actor may approve this step (an empty step: anyone who may change data). */
export function isStepApprover(step: ChainStep, actor: Pick<ApprovalActor, 'userId' | 'roles'>) {
  if (step.approverUserIds.length === 0 && step.approverRoleId === null) return true;
  return (
    step.approverUserIds.includes(actor.userId) ||
    (step.approverRoleId !== null && actor.roles.includes(step.approverRoleId))
  );
}

/** A member whose approvals the actor holds today ('Out of office' delegation). */
export interface ApprovalDelegator extends ApprovalActor {
  name: string;
}

export interface ChainApprovalInput {
  chain: ApprovalChain;
  actor: ApprovalActor;
  /** Members who delegated their approvals to the actor for today (none: []). */
  delegators?: readonly ApprovalDelegator[];
  totalCents: number | null;
  /** The user who sent the invoice (a user may belong to both companies). */
  submittedByUserId: number | null;
}

export type ChainDecision =
  | {
      allowed: true;
      stepIndex: number;
      completes: boolean;
      /** The delegator the actor approves for; null: in their own name. */
      onBehalfOf: { userId: number; name: string } | null;
    }
  /** 'role': 403 (who is asking); 'state': 409 (the chain is done). */
  | { allowed: false; refusal: 'role' | 'state'; message: string };

/**
 * Whether the actor may approve the waiting step now. The document's status is checked before
 * (the transition table); this decides who, in which order and up to which amount.
 */
export function decideChainApproval(input: ChainApprovalInput): ChainDecision {
  const own = decideFor(input, input.actor);
  if (own.allowed) return { ...own, onBehalfOf: null };
  // A delegate approves for a delegator who could approve the step now; one person (or one
  // delegator) never approves two steps of the same chain.
  if (own.refusal === 'role' && !approvedAStep(input.chain, input.actor.userId)) {
    for (const delegator of input.delegators ?? []) {
      if (input.submittedByUserId === input.actor.userId) break;
      const theirs = decideFor(input, delegator);
      if (theirs.allowed) {
        return { ...theirs, onBehalfOf: { userId: delegator.userId, name: delegator.name } };
      }
    }
  }
  return own;
}

const approvedAStep = (chain: ApprovalChain, userId: number) =>
  chain.steps.some((s) => s.approval?.userId === userId || s.approval?.onBehalfOfUserId === userId);

function decideFor(
  input: ChainApprovalInput,
  actor: ApprovalActor,
):
  | { allowed: true; stepIndex: number; completes: boolean }
  | Extract<ChainDecision, { allowed: false }> {
  const { chain } = input;
  const index = currentStepIndex(chain);
  if (index === null) {
    return { allowed: false, refusal: 'state', message: approvalMessages.chainComplete };
  }
  const of = chain.steps.length;
  const refuse = (message: string) => ({
    allowed: false as const,
    refusal: 'role' as const,
    message,
  });
  if (input.submittedByUserId !== null && input.submittedByUserId === actor.userId) {
    return refuse(approvalMessages.ownSubmission);
  }
  const mine = chain.steps.findIndex(
    (s) => s.approval?.userId === actor.userId || s.approval?.onBehalfOfUserId === actor.userId,
  );
  if (mine !== -1) return refuse(approvalMessages.alreadyApprovedStep(mine + 1, of, index + 1));
  const step = chain.steps[index]!;
  if (!isStepApprover(step, actor)) {
    const later = chain.steps.slice(index + 1).some((s) => isStepApprover(s, actor));
    return refuse(
      later
        ? approvalMessages.outOfTurn(step.approverLabel, index + 1, of)
        : approvalMessages.notAnApprover(step.approverLabel, index + 1, of),
    );
  }
  if (actor.limitCents !== null) {
    if (input.totalCents === null) return refuse(approvalMessages.noTotalWithLimit);
    if (input.totalCents > actor.limitCents) {
      return refuse(approvalMessages.aboveLimit(actor.limitCents, input.totalCents));
    }
  }
  return { allowed: true, stepIndex: index, completes: index === of - 1 };
}

/** The chain after an approval of the waiting step. */
export function withApproval(chain: ApprovalChain, approval: ChainApproval): ApprovalChain {
  const index = currentStepIndex(chain);
  if (index === null) return chain;
  return {
    ...chain,
    steps: chain.steps.map((s, i) => (i === index ? { ...s, approval } : s)),
  };
}

/**
 * A coding rule's automatic approval counts as the first `stepsReplaced` steps (null: all), as
 * the Administrator chose for the rule; steps already approved by people stay theirs.
 */
export function withRuleApproval(
  chain: ApprovalChain,
  ruleName: string,
  stepsReplaced: number | null,
  at: string,
): ApprovalChain {
  const upTo = stepsReplaced === null ? chain.steps.length : stepsReplaced;
  return {
    ...chain,
    steps: chain.steps.map((s, i) =>
      i < upTo && s.approval === null
        ? {
            ...s,
            approval: { userId: null, userName: ruleName, at, comment: null, byRule: ruleName },
          }
        : s,
    ),
  };
}

export const isChainComplete = (chain: ApprovalChain) => currentStepIndex(chain) === null;

/**
 * Who the waiting step waits for — the 'My approvals' index (issue 29 item 3): its named users and
 * its role. A step open to any user waits for nobody in particular (it is in the Inbox only).
 */
export function waitingApprovers(
  chain: ApprovalChain,
): { stepIndex: number; userIds: number[]; roleId: number | null } | null {
  const index = currentStepIndex(chain);
  if (index === null) return null;
  const step = chain.steps[index]!;
  return { stepIndex: index, userIds: [...step.approverUserIds], roleId: step.approverRoleId };
}

/**
 * Escalation: the waiting step may now also be approved by these users (the company's
 * Administrators when it escalated); its label says so. Approvals already given stay.
 */
export function withEscalation(chain: ApprovalChain, userIds: readonly number[]): ApprovalChain {
  const index = currentStepIndex(chain);
  if (index === null || userIds.length === 0) return chain;
  const step = chain.steps[index]!;
  // A step open to any user needs no one else.
  if (step.approverUserIds.length === 0 && step.approverRoleId === null) return chain;
  const escalated: ChainStep = {
    ...step,
    approverUserIds: [...new Set([...step.approverUserIds, ...userIds])],
    approverLabel: step.approverLabel.endsWith(approvalMessages.escalatedTo)
      ? step.approverLabel
      : `${step.approverLabel} or ${approvalMessages.escalatedTo}`,
  };
  return { ...chain, steps: chain.steps.map((s, i) => (i === index ? escalated : s)) };
}

/** The statuses in which an invoice can be approved (the transition table's 'approve' move). */
export const approvableStatuses: readonly number[] = (
  WORKFLOW_TRANSITIONS.find((t) => t.action === 'approve')?.from ?? []
).filter((s): s is NonNullable<typeof s> => s !== null);

/** Monday–Friday days from `from` to `to` (whole days elapsed, weekends not counted). */
export function businessDaysBetween(from: Date, to: Date): number {
  const DAY = 86_400_000;
  let days = 0;
  for (let t = from.getTime() + DAY; t <= to.getTime(); t += DAY) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days += 1;
  }
  return days;
}

// ---- Assign to (issue 29 item 5) --------------------------------------------------------------

/** The member the waiting step would be assigned to (checked to be a person who may approve). */
export interface ApprovalAssignee {
  userId: number;
  name: string;
  /** The assignee's approval limit in cents; null: no limit. */
  limitCents: number | null;
}

export interface AssignmentInput {
  chain: ApprovalChain;
  /** Who assigns: an approver of the waiting step (or a delegate of one), or an Administrator. */
  actor: { userId: number; roles: readonly number[] };
  /** Members who delegated their approvals to the actor today: their steps are the actor's too. */
  actorDelegators?: readonly { userId: number; roles: readonly number[] }[];
  assignee: ApprovalAssignee;
  totalCents: number | null;
  submittedByUserId: number | null;
}

export type AssignmentDecision =
  | { allowed: true; stepIndex: number }
  /** 'role': 403 (the actor may not assign this step); 'state': 409 (the chain or the assignee). */
  | { allowed: false; refusal: 'role' | 'state'; message: string };

/**
 * Whether the actor may assign the waiting step to the assignee (the document's status was checked
 * by the transition table's 'assign' move): the actor must be able to act on the step — one of its
 * approvers, a delegate of one, or an Administrator — and the assignee must be able to approve it:
 * not the submitter, not someone who approved another step of the chain, and with a limit that
 * covers the total. Assigning a step to the one person it already waits for changes nothing.
 */
export function decideAssignment(input: AssignmentInput): AssignmentDecision {
  const { chain, actor, assignee } = input;
  const index = currentStepIndex(chain);
  if (index === null) {
    return { allowed: false, refusal: 'state', message: approvalMessages.chainComplete };
  }
  const of = chain.steps.length;
  const step = chain.steps[index]!;
  const administrator = actor.roles.includes(Role.Administrator);
  const mayAct =
    administrator ||
    isStepApprover(step, actor) ||
    (input.actorDelegators ?? []).some((d) => isStepApprover(step, d));
  if (!mayAct) {
    return {
      allowed: false,
      refusal: 'role',
      message: approvalMessages.assignNotApprover(step.approverLabel, index + 1, of),
    };
  }
  const refuse = (message: string) => ({
    allowed: false as const,
    refusal: 'state' as const,
    message,
  });
  if (input.submittedByUserId !== null && input.submittedByUserId === assignee.userId) {
    return refuse(approvalMessages.assigneeSubmitted(assignee.name));
  }
  const theirs = chain.steps.findIndex(
    (s) =>
      s.approval?.userId === assignee.userId || s.approval?.onBehalfOfUserId === assignee.userId,
  );
  if (theirs !== -1)
    return refuse(approvalMessages.assigneeApprovedStep(assignee.name, theirs + 1, of));
  if (assignee.limitCents !== null) {
    if (input.totalCents === null) return refuse(approvalMessages.assigneeNoTotal(assignee.name));
    if (input.totalCents > assignee.limitCents) {
      return refuse(
        approvalMessages.assigneeAboveLimit(assignee.name, assignee.limitCents, input.totalCents),
      );
    }
  }
  if (
    step.approverRoleId === null &&
    step.approverUserIds.length === 1 &&
    step.approverUserIds[0] === assignee.userId
  ) {
    return refuse(approvalMessages.alreadyAssigned(assignee.name, index + 1, of));
  }
  return { allowed: true, stepIndex: index };
}

/**
 * The chain after 'Assign to': the waiting step waits for the assignee alone (its other approvers
 * and role no longer), and remembers who assigned it, when, why, and whom it waited for before.
 */
export function withAssignment(
  chain: ApprovalChain,
  assignment: Omit<ChainAssignment, 'previousLabel'>,
): ApprovalChain {
  const index = currentStepIndex(chain);
  if (index === null) return chain;
  return {
    ...chain,
    steps: chain.steps.map((s, i) =>
      i === index
        ? {
            ...s,
            approverUserIds: [assignment.userId],
            approverRoleId: null,
            approverLabel: assignment.userName,
            assigned: { ...assignment, previousLabel: s.approverLabel },
          }
        : s,
    ),
  };
}

/**
 * Act from the e-mail (issue 29 item 4; docs/approvals.md): the 'waiting for your approval' mail
 * links to the document screen with the action's dialog ready — `/documents/{id}?action=approve`.
 * The link only opens the screen (a GET never changes anything); the signed-in user confirms in
 * the dialog. One home for the address, used by the mail and read by the screen.
 */
export const documentLinkActions = ['approve', 'reject'] as const;
export type DocumentLinkAction = (typeof documentLinkActions)[number];

/** The query parameter that names the action. */
export const DOCUMENT_ACTION_PARAM = 'action';

/** `/documents/12` or `/documents/12?action=approve`. */
export function documentActionPath(documentId: number, action?: DocumentLinkAction): string {
  const path = `/documents/${documentId}`;
  return action ? `${path}?${DOCUMENT_ACTION_PARAM}=${action}` : path;
}

/** The action a link asks for, or null for a missing or unknown value. */
export function parseDocumentLinkAction(
  value: string | null | undefined,
): DocumentLinkAction | null {
  const action = value?.trim().toLowerCase();
  return documentLinkActions.find((a) => a === action) ?? null;
}

/** 'Step 2 of 3'. */
export const stepOfText = (stepIndex: number, stepCount: number) =>
  `Step ${stepIndex + 1} of ${stepCount}`;

/**
 * Who already approved a step of this chain, for themselves or as someone's delegate: one person
 * never approves two steps, so the next step's mail does not go to them.
 */
export function chainApproverIds(chain: ApprovalChain): Set<number> {
  const ids = new Set<number>();
  for (const s of chain.steps) {
    if (s.approval?.userId != null) ids.add(s.approval.userId);
    if (s.approval?.onBehalfOfUserId != null) ids.add(s.approval.onBehalfOfUserId);
  }
  return ids;
}
