import { sql } from 'drizzle-orm';
import {
  DocumentTemplate,
  documentTypes as documentTypeSeeds,
  lookupValueId,
  metadataFieldSeeds,
} from '@flowline/shared';
import type { Db } from '../client';
import {
  documentTemplates,
  documentTypes,
  metadataDefinitions,
  metadataLookupValues,
} from '../schema/index';

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
  [DocumentTemplate.FieldTicket]: 'Field Ticket',
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
    await tx
      .insert(metadataDefinitions)
      .values(
        metadataFieldSeeds.map((f, index) => ({
          id: f.id,
          documentTypeId: f.documentTypeId,
          key: f.key,
          name: f.name,
          fieldTypeId: f.fieldTypeId,
          isReadonly: f.isReadonly ?? false,
          isDocumentProperty: f.isDocumentProperty ?? false,
          isDollarTotal: f.isDollarTotal ?? false,
          isMultiple: f.isMultiple ?? false,
          isThirdParty: f.isThirdParty ?? false,
          isRequired: f.isRequired ?? false,
          sortOrder: index,
          listColumnOrder: f.listColumn ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: metadataDefinitions.id,
        set: {
          key: sql`excluded.key`,
          name: sql`excluded.name`,
          fieldTypeId: sql`excluded.field_type_id`,
          isReadonly: sql`excluded.is_readonly`,
          isDocumentProperty: sql`excluded.is_document_property`,
          isDollarTotal: sql`excluded.is_dollar_total`,
          isMultiple: sql`excluded.is_multiple`,
          isThirdParty: sql`excluded.is_third_party`,
          isRequired: sql`excluded.is_required`,
          sortOrder: sql`excluded.sort_order`,
          listColumnOrder: sql`excluded.list_column_order`,
        },
      });
    const lookups = metadataFieldSeeds.flatMap((f) =>
      (f.lookupValues ?? []).map((lookupValue, i) => ({
        id: lookupValueId(f.id, i + 1),
        metadataDefinitionId: f.id,
        lookupValue,
        sortOrder: i + 1,
      })),
    );
    await tx
      .insert(metadataLookupValues)
      .values(lookups)
      .onConflictDoUpdate({
        target: metadataLookupValues.id,
        set: { lookupValue: sql`excluded.lookup_value`, sortOrder: sql`excluded.sort_order` },
      });
  });
}
