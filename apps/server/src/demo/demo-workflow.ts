import { Role, UserType } from '@flowline/shared';
import type { TenantContext } from '../auth/request-context';
import { addPayment, approveDocument, rejectDocument } from '../modules/document-workflow/service';
import type { WorkflowDeps } from '../modules/document-workflow/notify';
import type { Db } from '../db/client';

/** What the operator does with a demo invoice after it arrives (issue 12: real actions). */
export interface DemoReview {
  documentId: number;
  outcome: 'approved' | 'paid' | 'rejected';
  /** When it happened in the demo's story (payment dates follow it; history is append-only and
   * records the actions when the demo data is loaded). */
  at: Date;
  total: number;
  reason?: string;
}

/** The demo sends no mail: its people are made up. */
const quietDeps: WorkflowDeps = {
  mailer: { send: async () => undefined },
  config: { publicUrl: '' },
  log: { error: () => undefined },
};

const DAY = 24 * 3600 * 1000;

/**
 * Approves, rejects and pays the demo invoices through the same services the screen and the API
 * use, so statuses, history, notifications and payments are what users would have produced.
 */
export async function reviewDemoInvoices(
  tx: Db,
  reviews: DemoReview[],
  reviewer: { operatorId: number; userId: number; payerId: number },
) {
  const ctx = (userId: number): TenantContext => ({
    companyId: reviewer.operatorId,
    userId,
    userType: UserType.Regular,
    roles: [Role.User],
  });
  for (const review of reviews) {
    const reviewerCtx = ctx(reviewer.userId);
    if (review.outcome === 'rejected') {
      await rejectDocument(tx, quietDeps, reviewerCtx, review.documentId, review.reason ?? '');
      continue;
    }
    await approveDocument(tx, quietDeps, reviewerCtx, review.documentId);
    if (review.outcome === 'paid') {
      const paidOn = new Date(review.at.getTime() + 18 * DAY);
      await addPayment(tx, quietDeps, ctx(reviewer.payerId), {
        documentId: review.documentId,
        amount: review.total.toFixed(2),
        checkNumber: String(40_000 + review.documentId),
        description: 'ACH remittance',
        isCancellation: false,
        transactionDate: paidOn.toISOString().slice(0, 10),
        paymentId: `ACH-${review.documentId}`,
      });
    }
  }
}
