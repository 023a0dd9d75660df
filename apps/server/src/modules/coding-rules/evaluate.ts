import { withTenantScope } from '../../db/tenant-scope';
import { and, eq } from 'drizzle-orm';
import {
  codingKinds,
  codingRuleMessages,
  decideWorkflowMove,
  evaluateCodingRules,
  HistoryOperation,
  isChainComplete,
  isInvoiceDocument,
  withRuleApproval,
  MetadataKey,
  Role,
  RouteStatus,
  UserType,
  type CodingRuleResult,
  type InvoiceForRules,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import { documentMetadata, metadataDefinitions } from '../../db/schema/index';
import { appendHistory } from '../document-history/repository';
import {
  mailStatus,
  notifyStatus,
  type StatusNews,
  type WorkflowDeps,
} from '../document-workflow/notify';
import { documentTotalCents } from '../document-workflow/repository';
import { requireVisibleDocument } from '../documents/access';
import * as documents from '../documents/repository';
import { findCoding, findLines } from '../line-items/repository';
import { applicableRules } from './repository';
import { findChain, updateChain } from '../approvals/repository';
import { toDefinition } from './service';

/**
 * Evaluating a receiving company's coding rules on an invoice, and touchless approval
 * (docs/coding-rules.md). Runs inside the caller's transaction: on delivery (publish) and when
 * the receiver saves its coding.
 */

const PO_NUMBER_KEY = 'docPONumber';

async function metadataValue(db: Db, documentId: number, key: string): Promise<string | null> {
  const [row] = await db
    .select({ value: documentMetadata.value })
    .from(documentMetadata)
    .innerJoin(
      metadataDefinitions,
      eq(metadataDefinitions.id, documentMetadata.metadataDefinitionId),
    )
    .where(and(eq(documentMetadata.documentId, documentId), eq(metadataDefinitions.key, key)))
    .limit(1);
  return row?.value ?? null;
}

async function invoiceForRules(
  db: Db,
  companyId: number,
  documentId: number,
): Promise<InvoiceForRules> {
  const [totalCents, poNumber, lines, coding] = await Promise.all([
    documentTotalCents(db, documentId),
    metadataValue(db, documentId, PO_NUMBER_KEY),
    findLines(db, documentId),
    findCoding(db, companyId, documentId),
  ]);
  return {
    totalCents,
    poNumber,
    lines: lines.map((l) => {
      const c = coding.get(l.id);
      return {
        lineNumber: l.lineNumber,
        coding: Object.fromEntries(codingKinds.map(({ key }) => [key, c?.[key] ?? null])),
      };
    }),
  };
}

export async function outcomeFor(
  db: Db,
  companyId: number,
  documentId: number,
  /** The document and its type as the caller read them in this transaction (not read again). */
  given?: {
    visible: Awaited<ReturnType<typeof requireVisibleDocument>>;
    type: Awaited<ReturnType<typeof documents.findDocumentType>>;
  },
) {
  const visible = given?.visible ?? (await requireVisibleDocument(db, companyId, documentId));
  const type =
    given?.type ?? (await documents.findDocumentType(db, visible.document.documentTypeId));
  if (visible.route.side !== 'received' || !isInvoiceDocument(type.templateId, type.id)) {
    return null;
  }
  const rules = await applicableRules(db, companyId, visible.route.partyId);
  if (rules.length === 0) return null;
  const outcome = evaluateCodingRules(
    rules.map(toDefinition),
    await invoiceForRules(db, companyId, documentId),
  );
  return { visible, type, outcome };
}

/** The verdicts of the receiver's rules on its invoice (GET lineItems). */
export async function codingRuleResults(
  db: Db,
  companyId: number,
  documentId: number,
): Promise<CodingRuleResult[]> {
  const evaluated = await outcomeFor(db, companyId, documentId);
  return (
    evaluated?.outcome.results.map((r) => ({
      ruleId: r.rule.id,
      name: r.rule.name,
      passed: r.passed,
      message: r.message,
    })) ?? []
  );
}

/**
 * Evaluates the receiver's rules and, when the invoice passes them all under an amount limit
 * that allows it, approves it through the same transition table as a person would (acting for
 * the Administrator who defined the rule): both sides Approved, Approve history naming the rule,
 * the sender notified. Returns what the caller mails to the sender after its commit, or null.
 */
export async function applyCodingRules(
  tx: Db,
  receiverCompanyId: number,
  documentId: number,
  /** The receiver's document and type, read by the caller in this transaction (outcomeFor). */
  given?: Parameters<typeof outcomeFor>[3],
): Promise<AutoApproval | null> {
  // Acts for the receiver (also inside the sender's publish): its rules, coding and lines are
  // read under the receiver's row-level-security scope.
  return withTenantScope(receiverCompanyId, async () => {
    const evaluated = await outcomeFor(tx, receiverCompanyId, documentId, given);
    const rule = evaluated?.outcome.autoApproveBy;
    if (!evaluated || !rule) return null;
    return approveAutomatically(tx, receiverCompanyId, documentId, evaluated, {
      name: rule.name,
      objectType: 'document',
      replacesApprovalSteps: rule.replacesApprovalSteps ?? null,
      message: codingRuleMessages.approvedAutomatically(rule.name),
      stepsMessage: (done) => codingRuleMessages.stepsApprovedAutomatically(rule.name, done),
      // The history details: the approving rule, then every rule's verdict.
      details: [
        { name: 'Rule', newValue: rule.name },
        ...evaluated.outcome.results.map((r) => ({ name: r.rule.name, newValue: r.message })),
      ],
    });
  });
}

/** Who approves automatically and what the history says (a coding rule, the three-way match). */
export interface AutomaticApprover {
  /** The history entry's object name (the rule's name; 'Three-way match'). */
  name: string;
  /** 'document' for a coding rule; 'match' for the three-way match (its own label). */
  objectType: string;
  /** The approval-chain steps the approval counts as (null: every step). */
  replacesApprovalSteps: number | null;
  message: string;
  stepsMessage: (steps: number) => string;
  details: { name: string; newValue: string }[];
}

/**
 * Approves a received invoice automatically through the same transition table as a person
 * (acting for an Administrator): with an approval chain only the steps the approver may replace,
 * Approved when none is left; both sides' history, the sender notified. Returns what the caller
 * mails after its commit, or null when the invoice did not become Approved. Runs inside the
 * caller's transaction under the receiver's tenant scope.
 */
export async function approveAutomatically(
  tx: Db,
  receiverCompanyId: number,
  documentId: number,
  evaluated: {
    visible: Awaited<ReturnType<typeof requireVisibleDocument>>;
    type: Awaited<ReturnType<typeof documents.findDocumentType>>;
  },
  approver: AutomaticApprover,
): Promise<AutoApproval | null> {
  const { visible, type } = evaluated;
  const decision = decideWorkflowMove({
    action: 'approve',
    templateId: type.templateId,
    documentTypeId: type.id,
    routeStatusId: visible.route.routeStatusId,
    side: 'received',
    userType: UserType.Regular,
    roles: [Role.Administrator],
  });
  if (!decision.allowed) return null;
  // With an approval chain the approver counts as the steps the Administrator let it replace;
  // the invoice is Approved only when no step is left (docs/approvals.md).
  const stored = await findChain(tx, documentId);
  if (stored) {
    const chain = withRuleApproval(
      stored.chain,
      approver.name,
      approver.replacesApprovalSteps,
      new Date().toISOString(),
    );
    if (JSON.stringify(chain) === JSON.stringify(stored.chain)) return null;
    await updateChain(tx, documentId, chain);
    if (!isChainComplete(chain)) {
      const done = chain.steps.filter((s) => s.approval?.byRule === approver.name).length;
      await appendHistory(tx, [
        {
          documentId,
          companyId: receiverCompanyId,
          userId: null,
          objectType: 'document',
          objectName: approver.name,
          operationId: HistoryOperation.ApproveStep,
          newValue: approver.stepsMessage(done),
        },
      ]);
      return null;
    }
  }
  await documents.setStatusOfAllRoutes(tx, documentId, RouteStatus.Approved);
  await appendHistory(tx, [
    {
      documentId,
      companyId: receiverCompanyId,
      userId: null,
      objectType: approver.objectType,
      objectName: approver.name,
      operationId: HistoryOperation.Approve,
      newValue: approver.message,
      details: approver.details,
    },
  ]);
  const number = (await metadataValue(tx, documentId, MetadataKey.number)) || `#${documentId}`;
  const receiver =
    (await documents.findCompanyNames(tx, [receiverCompanyId])).get(receiverCompanyId) ?? '';
  const label = `${type.name} ${number}`;
  const news: StatusNews = {
    documentId,
    toCompanyId: visible.document.ownerCompanyId,
    fromCompanyId: receiverCompanyId,
    title: `${label} approved`,
    message: `${receiver} approved ${label} automatically.`,
    details: [],
  };
  return { ruleName: approver.name, news, memberIds: await notifyStatus(tx, news) };
}

export interface AutoApproval {
  ruleName: string;
  news: StatusNews;
  memberIds: number[];
}

/** After the commit: the sender's members who receive e-mails are told of the approval. */
export async function mailAutoApproval(db: Db, deps: WorkflowDeps, approval: AutoApproval | null) {
  if (approval) await mailStatus(db, deps, approval.news, approval.memberIds);
}
