import {
  FieldType,
  hasPaymentsTab,
  routeStatusName,
  type DocumentActions,
  type PossibleDuplicate,
  type ReceiverWorkflowActions,
  type DocumentDto,
  type DocumentMetadataEntry,
  type LineItemRowDto,
} from '@flowline/shared';
import { presentMetadataDefinition } from '../document-types/presenter';
import type { MetadataView } from './metadata-view';
import type { LoadedDocument } from './policy';

export interface DocumentPresentation {
  loaded: LoadedDocument;
  /** Null when metadata was not asked for. */
  view: MetadataView | null;
  /** The lines with this company's coding (docs/line-items.md). */
  lineItems: LineItemRowDto[];
  includeThirdParty: boolean;
  /**
   * The receiver's view of the owner's party choices (owner party id → the receiver's own
   * connection to that company, or null); null on the owner's side, which shows them as stored.
   */
  ownParties: Map<number, { id: number; name: string } | null> | null;
  counterparty: {
    companyId: number | null;
    companyName: string | null;
    partyId: number | null;
    partyName: string | null;
  } | null;
  isReadOnly: boolean;
  isSignAndReturnFlow: boolean;
  actions: DocumentActions;
  workflowActions: ReceiverWorkflowActions;
  possibleDuplicates: PossibleDuplicate[];
  /** The signatures stamped into this version (issue 13; modules/signing). */
  documentSignatures?: DocumentDto['documentSignatures'];
  /** The reading job's state (modules/document-intelligence); null when never read. */
  extraction?: DocumentDto['extraction'];
}

function partyOf(
  stored: { partyId: number | null; partyName: string | null } | undefined,
  ownParties: DocumentPresentation['ownParties'],
) {
  if (stored?.partyId == null || stored.partyName == null) return null;
  if (ownParties) return ownParties.get(stored.partyId) ?? null;
  return { id: stored.partyId, name: stored.partyName };
}

function presentMetadata(
  view: MetadataView,
  includeThirdParty: boolean,
  ownParties: DocumentPresentation['ownParties'],
  /** Issue 27 item 10: 'Auto-filled' marks only for a caller who can still edit the values. */
  showAutoFilled: boolean,
): DocumentMetadataEntry[] {
  return view.definitions
    .filter((d) => includeThirdParty || !d.isThirdParty)
    .map((d) => {
      const stored = view.stored.get(d.id);
      const allowed = d.fieldTypeId === FieldType.List ? (view.lookups.get(d.id) ?? []) : null;
      const value = view.effective.get(d.id) ?? null;
      const lookup =
        allowed?.find((l) => l.id === stored?.lookupValueId) ??
        allowed?.find((l) => l.lookupValue === value) ??
        null;
      const autoExtracted = showAutoFilled && (stored?.autoExtracted ?? false);
      return {
        metadata: presentMetadataDefinition(d),
        value,
        highlight: autoExtracted,
        autoExtracted,
        allowedValues: allowed?.map((l) => ({ id: l.id, lookupValue: l.lookupValue })) ?? null,
        lookupValue: lookup ? { id: lookup.id, lookupValue: lookup.lookupValue } : null,
        party: partyOf(stored, ownParties),
      };
    });
}

export function presentDocument(p: DocumentPresentation): DocumentDto {
  const { document: doc, route, type } = p.loaded;
  return {
    id: doc.id,
    documentTypeId: doc.documentTypeId,
    documentTypeName: type.name,
    documentTypeTemplateId: type.templateId,
    lineItemsEnabled: type.lineItemsEnabled,
    routeStatusId: route.routeStatusId,
    routeStatus:
      route.routeStatusId === null
        ? null
        : { id: route.routeStatusId, name: routeStatusName(route.routeStatusId) },
    side: route.side === 'received' ? 'received' : 'sent',
    isRead: route.isRead,
    ownerCompanyId: doc.ownerCompanyId,
    counterparty: p.counterparty,
    fileName: doc.fileName,
    contentType: doc.contentType,
    fileSize: doc.fileSize,
    pageCount: doc.pageCount,
    batchName: doc.batchName,
    versionRootId: doc.versionRootId ?? doc.id,
    previousVersionId: doc.previousVersionId,
    metadata: p.view
      ? presentMetadata(p.view, p.includeThirdParty, p.ownParties, p.actions.edit)
      : [],
    documentSignatures: p.documentSignatures ?? [],
    lineItems: p.lineItems,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    isReadOnly: p.isReadOnly,
    isSignAndReturnFlow: p.isSignAndReturnFlow,
    availableActions: p.actions,
    workflowActions: p.workflowActions,
    hasPayments: hasPaymentsTab(type.templateId, type.id),
    possibleDuplicates: p.possibleDuplicates,
    extraction: p.extraction ?? null,
  };
}
