import {
  DocumentTypeId,
  metadataFieldSeeds,
  noDocumentActions,
  type DocumentActions,
  type DocumentDto,
  type DocumentMetadataEntry,
  type HistoryEntry,
  type MetadataDefinition,
} from '@flowline/shared';

const fieldTypeNames: Record<number, string> = {
  1: 'Text',
  3: 'Currency',
  4: 'Date',
  6: 'List',
  10: 'OrgUnit',
  23: 'TextArea',
  24: 'Purchaser',
  25: 'Company',
};

/** The AR invoice's definitions as the API presents them. */
export const arInvoiceDefinitions: MetadataDefinition[] = metadataFieldSeeds
  .filter((f) => f.documentTypeId === DocumentTypeId.ArInvoice)
  .map((f, index) => ({
    id: f.id,
    key: f.key,
    name: f.name,
    isReadonly: f.isReadonly ?? false,
    isDocumentProperty: f.isDocumentProperty ?? false,
    isDollarTotal: f.isDollarTotal ?? false,
    isMultiple: f.isMultiple ?? false,
    isThirdParty: f.isThirdParty ?? false,
    isRequired: f.isRequired ?? false,
    sortOrder: index + 1,
    listColumnOrder: f.listColumn ?? null,
    metadataType: { id: f.fieldTypeId, name: fieldTypeNames[f.fieldTypeId] ?? 'Text' },
  }));

export function definition(key: string): MetadataDefinition {
  const found = arInvoiceDefinitions.find((d) => d.key === key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
}

/** A complete, sendable draft: every required value present. */
export const draftValues: Record<string, string> = {
  docNumber: 'INV-1001',
  docInvoiceDate: '2026-11-02',
  docServiceDate: '2026-10-30',
  docTotal: '1250.00',
  docARPurchaserName: 'Red Mesa Operating Co.',
  docOrgUnitName: 'Midland Office',
  docARCompany: 'Permian Basin Services LLC',
  docScanDate: '2026-11-02',
};

export const allActions: DocumentActions = {
  ...noDocumentActions,
  cancel: true,
  send: true,
  edit: true,
  uploadAttachment: true,
  deleteAttachment: true,
};

export function buildArInvoice(
  overrides: Partial<DocumentDto> = {},
  values: Record<string, string | null> = draftValues,
): DocumentDto {
  const metadata: DocumentMetadataEntry[] = arInvoiceDefinitions.map((d) => {
    const value = values[d.key] ?? null;
    return {
      metadata: d,
      value,
      highlight: false,
      autoExtracted: false,
      allowedValues: null,
      lookupValue: null,
      party: d.key === 'docARPurchaserName' && value ? { id: 31, name: value } : null,
    };
  });
  return {
    id: 501,
    documentTypeId: DocumentTypeId.ArInvoice,
    documentTypeName: 'AR Invoice',
    documentTypeTemplateId: 11,
    lineItemsEnabled: true,
    extraction: null,
    routeStatusId: null,
    routeStatus: null,
    side: 'sent',
    isRead: true,
    ownerCompanyId: 1,
    counterparty: {
      companyId: 2,
      companyName: 'Red Mesa Operating Co.',
      partyId: 31,
      partyName: 'Red Mesa Operating Co.',
    },
    fileName: 'invoice-1001.pdf',
    contentType: 'application/pdf',
    fileSize: 2048,
    pageCount: 1,
    batchName: null,
    versionRootId: 501,
    previousVersionId: null,
    metadata,
    documentSignatures: [],
    lineItems: [],
    createdAt: '2026-11-02T15:00:00.000Z',
    updatedAt: '2026-11-02T15:00:00.000Z',
    isReadOnly: false,
    isSignAndReturnFlow: false,
    availableActions: allActions,
    workflowActions: {
      approve: false,
      reject: false,
      recordPayment: false,
      hold: false,
      releaseHold: false,
      dispute: false,
    },
    hasPayments: true,
    possibleDuplicates: [],
    ...overrides,
  };
}

export function historyEntry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 1,
    operation: { id: 1, name: 'Create', label: 'New version created', categories: ['Workflow'] },
    objectId: 501,
    objectName: null,
    objectType: 'Document',
    oldValue: null,
    newValue: null,
    rowNumber: null,
    updateUser: 'Dana Reyes',
    updateDate: '2026-11-02T15:00:00.000Z',
    hasHistoryDetails: false,
    metadataTypeId: null,
    ...overrides,
  };
}
