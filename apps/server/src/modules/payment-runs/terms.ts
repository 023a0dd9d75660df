import {
  DocumentTemplate,
  earlyPayDiscountCents,
  earlyPayDiscountFor,
  paymentDueDate,
  type InvoiceTerms,
} from '@flowline/shared';
import type { Db } from '../../db/client';
import type { LoadedDocument } from '../documents/policy';
import * as repo from './repository';

/**
 * The vendor's Early pay agreement as it applies to one invoice: it covers the invoices sent to
 * the customer from the moment it was made (docs/payment-runs.md), not the ones sent before.
 */
export function agreementCovering(
  offer: { discountPercent: string; days: number; startsAt: Date } | null,
  publishedAt: Date | string | null,
): { percent: number; days: number } | null {
  if (!offer || !publishedAt) return null;
  if (new Date(publishedAt).getTime() < offer.startsAt.getTime()) return null;
  return { percent: Number(offer.discountPercent), days: offer.days };
}

/**
 * An AR invoice's terms as both sides see them on its Payments tab: the terms, the due date (the
 * field, else what the terms give) and the early-pay discount it carries. Null for other types.
 */
export async function invoiceTerms(
  db: Db,
  loaded: LoadedDocument,
  totalCents: number | null,
): Promise<InvoiceTerms | undefined> {
  if (loaded.type.templateId !== DocumentTemplate.ArInvoice) return undefined;
  const doc = loaded.document;
  const [text, invoiceDate, dueDate, offer] = await Promise.all([
    repo.documentValue(db, doc.id, 'docPaymentTerms'),
    repo.documentValue(db, doc.id, 'docInvoiceDate'),
    repo.documentValue(db, doc.id, 'docDueDate'),
    doc.receivingCompanyId ? repo.findOffer(db, doc.ownerCompanyId, doc.receivingCompanyId) : null,
  ]);
  const discount = earlyPayDiscountFor({
    terms: text,
    invoiceDate,
    agreement: agreementCovering(offer, doc.publishedAt),
  });
  return {
    text,
    dueDate: dueDate ?? paymentDueDate(text, invoiceDate),
    discount: discount && {
      percent: discount.percent,
      amount:
        totalCents === null
          ? null
          : Math.round(earlyPayDiscountCents(totalCents, discount.percent)) / 100,
      until: discount.until,
      source: discount.source,
    },
  };
}
