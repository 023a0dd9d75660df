/**
 * Every identifier table of the spec, with the spec's fixed numeric ids.
 * Names follow the spec; labels are what users see.
 */

/**
 * Roles 1–3 are the spec's. Role 11 is ours (spec 3 §3, NOTES.md): 'Processor', the working role
 * user administration assigns to people who handle documents (review, code, approve, reject, pay,
 * sign, send) without administering the company — what the built-in User role means elsewhere.
 */
export const Role = { Administrator: 1, User: 2, ReadOnly: 3, Processor: 11 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];
export const roleNames: Record<RoleId, string> = {
  1: 'Administrator',
  2: 'User',
  3: 'ReadOnly',
  11: 'Processor',
};
/** The roles offered in user administration (spec 3 §3). */
export const assignableRoleIds = [Role.Administrator, Role.ReadOnly, Role.Processor] as const;

/** Product terms a company may rename (spec 3 intro); the default names apply otherwise. */
export const Terminology = { OrgUnit: 1, Vendor: 2, Party: 3 } as const;
export const defaultTerminology: Record<number, string> = {
  1: 'Profile',
  2: 'Vendor',
  3: 'Connection',
};

export const UserType = { Regular: 1, ApiKey: 2, Global: 3 } as const;
export type UserTypeId = (typeof UserType)[keyof typeof UserType];

export const PartyType = { Vendor: 1, Owner: 2, Operator: 3, Bank: 4, Purchaser: 5 } as const;
export type PartyTypeId = (typeof PartyType)[keyof typeof PartyType];
export const partyTypeNames: Record<PartyTypeId, string> = {
  1: 'Vendor',
  2: 'Owner',
  3: 'Operator',
  4: 'Bank',
  5: 'Purchaser',
};

export const NotificationType = { Regular: 1, System: 2 } as const;

/** Document route statuses (spec 2 §3). A missing status is displayed as New. */
export const RouteStatus = {
  Sent: 1,
  Received: 2,
  Approved: 3,
  Paid: 4,
  Rejected: 5,
  Resubmitted: 6,
  New: 7,
  Pending: 8,
  Returned: 9,
  Viewed: 10,
  /** Issue 29 item 2 (ids after the spec's): the receiver's own hold — the sender's route keeps
   * Received/Viewed, so the vendor never sees it. */
  OnHold: 11,
  /** Issue 29 item 2: shared with the sender, who sees the comment and may answer or resubmit. */
  Disputed: 12,
} as const;
export type RouteStatusId = (typeof RouteStatus)[keyof typeof RouteStatus];

/** Document type templates (spec 1 §3, read as template ids per NOTES.md). */
export const DocumentTemplate = {
  Unknown: 1,
  Invoice: 2,
  PendingDivisionOrder: 3,
  RunStatement: 4,
  Form1099: 5,
  OwnerStatement: 6,
  SuspenseReport: 7,
  DivisionOfInterest: 8,
  SummaryByDistribution: 9,
  OutsideOperatorExpense: 10,
  ArInvoice: 11,
  /** Issue 32: a field ticket signed at the wellsite (docs/field-tickets.md). */
  FieldTicket: 12,
} as const;
export type DocumentTemplateId = (typeof DocumentTemplate)[keyof typeof DocumentTemplate];

/** Document types with their fixed ids (spec 2 §3). */
export const DocumentTypeId = {
  W9: 6,
  Ach: 86,
  DivisionOrder: 87,
  RunStatement: 89,
  Form1099: 90,
  OwnerStatement: 91,
  ArInvoice: 93,
  PendingDivisionOrder: 94,
  SuspenseReport: 95,
  DivisionOfInterestReport: 96,
  RevenueDistributionByPropertyReport: 97,
  SummaryByDistributionReport: 98,
  OperatorExpenseReport: 99,
  OutsideOperatorExpenseReport: 100,
  /** Issue 32: the vendor's field ticket, signed by the operator's representative. */
  FieldTicket: 101,
} as const;

export interface DocumentTypeSeed {
  id: number;
  name: string;
  templateId: DocumentTemplateId;
  lineItemsEnabled: boolean;
  /** One of the six accounting reports, listed only with the accounting-reports flag. */
  isAccountingReport: boolean;
  /** Listed in the admin section of the navigation rather than the user links. */
  adminOnly: boolean;
}

export const documentTypes: readonly DocumentTypeSeed[] = [
  {
    id: 93,
    name: 'AR Invoice',
    templateId: 11,
    lineItemsEnabled: true,
    isAccountingReport: false,
    adminOnly: false,
  },
  {
    id: 6,
    name: 'W9',
    templateId: 1,
    lineItemsEnabled: false,
    isAccountingReport: false,
    adminOnly: false,
  },
  {
    id: 86,
    name: 'ACH',
    templateId: 1,
    lineItemsEnabled: false,
    isAccountingReport: false,
    adminOnly: false,
  },
  {
    id: 87,
    name: 'Division Order',
    templateId: 3,
    lineItemsEnabled: false,
    isAccountingReport: false,
    adminOnly: false,
  },
  {
    id: 94,
    name: 'Pending Division Order',
    templateId: 3,
    lineItemsEnabled: false,
    isAccountingReport: false,
    adminOnly: false,
  },
  {
    id: 89,
    name: 'Run Statement',
    templateId: 4,
    lineItemsEnabled: true,
    isAccountingReport: false,
    adminOnly: false,
  },
  {
    id: 91,
    name: 'Owner Statement',
    templateId: 6,
    lineItemsEnabled: true,
    isAccountingReport: false,
    adminOnly: false,
  },
  {
    id: 90,
    name: '1099',
    templateId: 5,
    lineItemsEnabled: false,
    isAccountingReport: false,
    adminOnly: true,
  },
  {
    id: 95,
    name: 'Suspense Report',
    templateId: 7,
    lineItemsEnabled: true,
    isAccountingReport: true,
    adminOnly: false,
  },
  {
    id: 96,
    name: 'Division of Interest Report',
    templateId: 8,
    lineItemsEnabled: true,
    isAccountingReport: true,
    adminOnly: false,
  },
  {
    id: 97,
    name: 'Revenue Distribution by Property Report',
    templateId: 9,
    lineItemsEnabled: true,
    isAccountingReport: true,
    adminOnly: false,
  },
  {
    id: 98,
    name: 'Summary by Distribution Report',
    templateId: 9,
    lineItemsEnabled: true,
    isAccountingReport: true,
    adminOnly: false,
  },
  {
    id: 99,
    name: 'Operator Expense Report',
    templateId: 10,
    lineItemsEnabled: true,
    isAccountingReport: true,
    adminOnly: false,
  },
  {
    id: 100,
    name: 'Outside Operator Expense Report',
    templateId: 10,
    lineItemsEnabled: true,
    isAccountingReport: true,
    adminOnly: false,
  },
  {
    id: 101,
    name: 'Field Ticket',
    templateId: 12,
    lineItemsEnabled: true,
    isAccountingReport: false,
    adminOnly: false,
  },
];

export const LegalDocumentType = { W9: 1, InsuranceCertificate: 2 } as const;
export const PrivacySetting = { Private: 1, SharedWithPartners: 2 } as const;
export const BankAccountType = { Checking: 1, Savings: 2 } as const;

/** Metadata field types 1–25 (spec 3 §9). */
export const FieldType = {
  Text: 1,
  Numeric: 2,
  Currency: 3,
  Date: 4,
  DateTime: 5,
  List: 6,
  User: 7,
  DocumentType: 8,
  Vendor: 9,
  OrgUnit: 10,
  AFE: 11,
  CostCenter: 12,
  AccountCode: 13,
  Deck: 14,
  Well: 15,
  ApprovalUser: 16,
  ApprovalWorkgroup: 17,
  Owner: 18,
  Operator: 19,
  Property: 20,
  Bank: 21,
  Party: 22,
  TextArea: 23,
  Purchaser: 24,
  Company: 25,
} as const;

/** Feature flags (all default off, spec 2 §9). */
export const FeatureFlag = {
  messaging: 'in-app-messaging',
  networkMatchEnhancement: 'network-match-enhancement',
  accountingReports: 'accounting-reports',
  aiDocTypeDetectionAndExtraction: 'ai-doctype-detection-and-extraction',
} as const;
export type FeatureFlagKey = keyof typeof FeatureFlag;

export type FieldTypeId = (typeof FieldType)[keyof typeof FieldType];
/** Names of the metadata field types, as spec 3 §9 enumerates them (metadataType.name). */
export const fieldTypeNames: Record<FieldTypeId, string> = {
  1: 'Text',
  2: 'Numeric',
  3: 'Currency',
  4: 'Date',
  5: 'DateTime',
  6: 'List',
  7: 'User',
  8: 'DocumentType',
  9: 'Vendor',
  10: 'OrgUnit',
  11: 'AFE',
  12: 'CostCenter',
  13: 'AccountCode',
  14: 'Deck',
  15: 'Well',
  16: 'ApprovalUser',
  17: 'ApprovalWorkgroup',
  18: 'Owner',
  19: 'Operator',
  20: 'Property',
  21: 'Bank',
  22: 'Party',
  23: 'TextArea',
  24: 'Purchaser',
  25: 'Company',
};

/** The name of a field type id; 'Unknown' for ids outside spec 3 §9. */
export function fieldTypeName(id: number): string {
  return fieldTypeNames[id as FieldTypeId] ?? 'Unknown';
}
