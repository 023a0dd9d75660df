import { sql } from 'drizzle-orm';
import { DocumentTemplate, documentTypes as documentTypeSeeds } from '@flowline/shared';
import type { Db } from '../client';
import { documentTemplates, documentTypes } from '../schema/index';

const templateNames: Record<number, string> = {
  [DocumentTemplate.Unknown]: 'Unknown',
  [DocumentTemplate.Invoice]: 'Invoice',
  [DocumentTemplate.PendingDivisionOrder]: 'Pending Division Order',
  [DocumentTemplate.RunStatement]: 'Run Statement',
  [DocumentTemplate.Form1099]: '1099 Document',
  [DocumentTemplate.OwnerStatement]: 'Owner Statement',
  [DocumentTemplate.SuspenseReport]: 'Suspense Report',
  [DocumentTemplate.DivisionOfInterest]: 'Division of Interest',
  [DocumentTemplate.SummaryByDistribution]: 'Summary by Distribution Report',
  [DocumentTemplate.OutsideOperatorExpense]: 'Outside Operator Expense Report',
  [DocumentTemplate.ArInvoice]: 'AR Invoice',
};

/** Reference data every deployment needs, with the spec's fixed ids. Idempotent: runs at each start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(documentTemplates)
      .values(Object.entries(templateNames).map(([id, name]) => ({ id: Number(id), name })))
      .onConflictDoUpdate({ target: documentTemplates.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(documentTypes)
      .values(
        documentTypeSeeds.map(
          ({ id, name, templateId, lineItemsEnabled, isAccountingReport, adminOnly }) => ({
            id,
            name,
            templateId,
            lineItemsEnabled,
            isAccountingReport,
            adminOnly,
          }),
        ),
      )
      .onConflictDoUpdate({
        target: documentTypes.id,
        set: {
          name: sql`excluded.name`,
          templateId: sql`excluded.template_id`,
          lineItemsEnabled: sql`excluded.line_items_enabled`,
          isAccountingReport: sql`excluded.is_accounting_report`,
          adminOnly: sql`excluded.admin_only`,
        },
      });
  });
}
