import { DocumentTypeId, FieldType } from './ids';

/**
 * The metadata fields of every seeded document type (docs/documents.md). Ids are fixed:
 * document type id × 100 + n, so a field keeps its id across deployments and seeds.
 */

/** Known metadata keys the rules refer to (spec 1 §3, NOTES.md). */
export const MetadataKey = {
  purchaserName: 'docPurchaserName',
  arPurchaserName: 'docARPurchaserName',
  orgUnitName: 'docOrgUnitName',
  arCompany: 'docARCompany',
  /** The division-order response status ('Returned Signed' / 'Returned Unsigned'). */
  divisionOrderResponseStatus: 'docDOResponseStatus',
  /** The document number shown as 'Doc #' when a type has one. */
  number: 'docNumber',
  scanDate: 'docScanDate',
} as const;

export const DivisionOrderResponse = {
  returnedSigned: 'Returned Signed',
  returnedUnsigned: 'Returned Unsigned',
} as const;

export interface MetadataFieldSeed {
  id: number;
  documentTypeId: number;
  key: string;
  name: string;
  fieldTypeId: number;
  isReadonly?: boolean;
  isDocumentProperty?: boolean;
  isDollarTotal?: boolean;
  isMultiple?: boolean;
  isThirdParty?: boolean;
  isRequired?: boolean;
  /** Position among the type's list columns (1 = first); absent = not a list column. */
  listColumn?: number;
  /** Allowed values of a List field. */
  lookupValues?: string[];
}

type FieldSpec = Omit<MetadataFieldSeed, 'id' | 'documentTypeId'>;

/**
 * The AR invoice's Payment Terms choices (rules/payment-terms.ts reads them). New values go at the
 * end: a lookup value's id is its position.
 */
const paymentTerms = [
  'Due on receipt',
  'Net 15',
  'Net 30',
  'Net 45',
  'Net 60',
  'Net 90',
  '1/10 Net 30',
  '2/10 Net 30',
  'Net 30 EOM',
];
const interestTypes = ['Royalty', 'Overriding Royalty', 'Working Interest', 'Non-Participating'];

const arInvoice: FieldSpec[] = [
  {
    key: 'docNumber',
    name: 'Invoice Number',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 1,
  },
  {
    key: 'docInvoiceDate',
    name: 'Invoice Date',
    fieldTypeId: FieldType.Date,
    isRequired: true,
    listColumn: 2,
  },
  { key: 'docServiceDate', name: 'Service Date', fieldTypeId: FieldType.Date, isRequired: true },
  { key: 'docDueDate', name: 'Due Date', fieldTypeId: FieldType.Date, listColumn: 5 },
  {
    key: 'docTotal',
    name: 'Invoice Total',
    fieldTypeId: FieldType.Currency,
    isDollarTotal: true,
    isRequired: true,
    listColumn: 4,
  },
  {
    key: MetadataKey.arPurchaserName,
    name: 'Purchaser',
    fieldTypeId: FieldType.Purchaser,
    isRequired: true,
    listColumn: 3,
  },
  {
    key: MetadataKey.orgUnitName,
    name: 'Bill To',
    fieldTypeId: FieldType.OrgUnit,
    isThirdParty: true,
    isRequired: true,
  },
  { key: 'docPONumber', name: 'PO Number', fieldTypeId: FieldType.Text },
  { key: 'docAFE', name: 'AFE Number', fieldTypeId: FieldType.Text },
  {
    key: 'docPaymentTerms',
    name: 'Payment Terms',
    fieldTypeId: FieldType.List,
    lookupValues: paymentTerms,
  },
  { key: 'docDescription', name: 'Description', fieldTypeId: FieldType.TextArea },
  {
    key: MetadataKey.arCompany,
    name: 'Vendor',
    fieldTypeId: FieldType.Company,
    isReadonly: true,
    isDocumentProperty: true,
  },
  {
    key: MetadataKey.scanDate,
    name: 'Scan Date',
    fieldTypeId: FieldType.Date,
    isReadonly: true,
    isDocumentProperty: true,
  },
];

const divisionOrder = (pending: boolean): FieldSpec[] => [
  {
    key: 'docOwnerName',
    name: 'Owner',
    fieldTypeId: FieldType.Owner,
    isRequired: true,
    listColumn: 1,
  },
  { key: 'docOwnerNumber', name: 'Owner Number', fieldTypeId: FieldType.Text, listColumn: 2 },
  {
    key: 'docPropertyName',
    name: 'Property',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 3,
  },
  { key: 'docWellName', name: 'Well', fieldTypeId: FieldType.Text },
  {
    key: 'docDecimalInterest',
    name: 'Decimal Interest',
    fieldTypeId: FieldType.Numeric,
    isRequired: true,
    listColumn: 4,
  },
  {
    key: 'docInterestType',
    name: 'Interest Type',
    fieldTypeId: FieldType.List,
    lookupValues: interestTypes,
  },
  {
    key: 'docEffectiveDate',
    name: 'Effective Date',
    fieldTypeId: FieldType.Date,
    isRequired: true,
    listColumn: 5,
  },
  {
    key: 'docOperatorName',
    name: 'Operator',
    fieldTypeId: FieldType.Operator,
    isReadonly: true,
    isDocumentProperty: true,
  },
  // Third-party fields are required on send, except these address lines and zip (spec 2 §5.5).
  {
    key: 'docOwnerAddressLineOne',
    name: 'Owner Address Line 1',
    fieldTypeId: FieldType.Text,
    isThirdParty: true,
  },
  {
    key: 'docOwnerAddressLineTwo',
    name: 'Owner Address Line 2',
    fieldTypeId: FieldType.Text,
    isThirdParty: true,
  },
  {
    key: 'docOwnerZipCode',
    name: 'Owner Zip Code',
    fieldTypeId: FieldType.Text,
    isThirdParty: true,
  },
  { key: 'docOwnerTaxId', name: 'Owner Tax ID', fieldTypeId: FieldType.Text, isThirdParty: true },
  ...(pending
    ? [
        {
          key: MetadataKey.divisionOrderResponseStatus,
          name: 'Response Status',
          fieldTypeId: FieldType.List,
          isReadonly: true,
          listColumn: 6,
          lookupValues: Object.values(DivisionOrderResponse),
        },
      ]
    : []),
];

const statement = (partyKey: string, partyName: string, partyType: number): FieldSpec[] => [
  {
    key: 'docCheckNumber',
    name: 'Check Number',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 1,
  },
  {
    key: 'docCheckDate',
    name: 'Check Date',
    fieldTypeId: FieldType.Date,
    isRequired: true,
    listColumn: 2,
  },
  { key: partyKey, name: partyName, fieldTypeId: partyType, listColumn: 3 },
  { key: 'docPropertyName', name: 'Property', fieldTypeId: FieldType.Text },
  { key: 'docProductionMonth', name: 'Production Month', fieldTypeId: FieldType.Text },
  {
    key: 'docNetAmount',
    name: 'Net Amount',
    fieldTypeId: FieldType.Currency,
    isDollarTotal: true,
    isRequired: true,
    listColumn: 4,
  },
  {
    key: 'docOperatorName',
    name: 'Operator',
    fieldTypeId: FieldType.Operator,
    isReadonly: true,
    isDocumentProperty: true,
  },
];

const form1099: FieldSpec[] = [
  {
    key: 'docTaxYear',
    name: 'Tax Year',
    fieldTypeId: FieldType.Numeric,
    isRequired: true,
    listColumn: 1,
  },
  {
    key: 'docFormType',
    name: 'Form',
    fieldTypeId: FieldType.List,
    isRequired: true,
    listColumn: 2,
    lookupValues: ['1099-MISC', '1099-NEC', '1099-INT', '1099-DIV'],
  },
  {
    key: 'docRecipientName',
    name: 'Recipient',
    fieldTypeId: FieldType.Owner,
    isRequired: true,
    listColumn: 3,
  },
  { key: 'docRecipientTaxId', name: 'Recipient Tax ID', fieldTypeId: FieldType.Text },
  {
    key: 'docAmount',
    name: 'Amount',
    fieldTypeId: FieldType.Currency,
    isDollarTotal: true,
    isRequired: true,
    listColumn: 4,
  },
  {
    key: 'docPayerName',
    name: 'Payer',
    fieldTypeId: FieldType.Company,
    isReadonly: true,
    isDocumentProperty: true,
  },
];

const w9: FieldSpec[] = [
  {
    key: 'docLegalName',
    name: 'Legal Name',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 1,
  },
  { key: 'docTaxId', name: 'Tax ID', fieldTypeId: FieldType.Text, isRequired: true, listColumn: 2 },
  {
    key: 'docTaxClassification',
    name: 'Tax Classification',
    fieldTypeId: FieldType.List,
    listColumn: 3,
    lookupValues: [
      'Individual',
      'C Corporation',
      'S Corporation',
      'Partnership',
      'Trust/Estate',
      'LLC',
    ],
  },
  { key: 'docSignedDate', name: 'Signed Date', fieldTypeId: FieldType.Date, listColumn: 4 },
];

const ach: FieldSpec[] = [
  {
    key: 'docBankName',
    name: 'Bank Name',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 1,
  },
  {
    key: 'docRoutingNumber',
    name: 'Routing Number',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 2,
  },
  {
    key: 'docAccountType',
    name: 'Account Type',
    fieldTypeId: FieldType.List,
    listColumn: 3,
    lookupValues: ['Checking', 'Savings'],
  },
  { key: 'docEffectiveDate', name: 'Effective Date', fieldTypeId: FieldType.Date, listColumn: 4 },
];

const report: FieldSpec[] = [
  {
    key: 'docReportDate',
    name: 'Report Date',
    fieldTypeId: FieldType.Date,
    isRequired: true,
    listColumn: 1,
  },
  { key: 'docPeriod', name: 'Period', fieldTypeId: FieldType.Text, listColumn: 2 },
  { key: 'docPropertyName', name: 'Property', fieldTypeId: FieldType.Text, listColumn: 3 },
  {
    key: 'docTotal',
    name: 'Total',
    fieldTypeId: FieldType.Currency,
    isDollarTotal: true,
    listColumn: 4,
  },
  {
    key: 'docOperatorName',
    name: 'Operator',
    fieldTypeId: FieldType.Operator,
    isReadonly: true,
    isDocumentProperty: true,
  },
];

/**
 * Issue 32 (docs/field-tickets.md): written by the vendor's crew at the wellsite. Ticket Number
 * is the document number; the AFE and cost center are what a three-way match compares with the
 * invoice that bills the ticket.
 */
const fieldTicket: FieldSpec[] = [
  {
    key: 'docNumber',
    name: 'Ticket Number',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 1,
  },
  {
    key: 'docServiceDate',
    name: 'Service Date',
    fieldTypeId: FieldType.Date,
    isRequired: true,
    listColumn: 2,
  },
  { key: 'docStartTime', name: 'Start Time', fieldTypeId: FieldType.Text },
  { key: 'docEndTime', name: 'End Time', fieldTypeId: FieldType.Text },
  {
    key: 'docWellName',
    name: 'Well / Lease',
    fieldTypeId: FieldType.Text,
    isRequired: true,
    listColumn: 3,
  },
  { key: 'docAFE', name: 'AFE Number', fieldTypeId: FieldType.Text },
  { key: 'docCostCenter', name: 'Cost Center', fieldTypeId: FieldType.Text },
  { key: 'docJobDescription', name: 'Job Description', fieldTypeId: FieldType.TextArea },
  { key: 'docCrew', name: 'Crew', fieldTypeId: FieldType.Text },
  { key: 'docFieldSupervisor', name: 'Field Supervisor', fieldTypeId: FieldType.Text },
  {
    key: 'docTotal',
    name: 'Ticket Total',
    fieldTypeId: FieldType.Currency,
    isDollarTotal: true,
    listColumn: 4,
  },
];

const fieldsByType: Record<number, FieldSpec[]> = {
  [DocumentTypeId.ArInvoice]: arInvoice,
  [DocumentTypeId.W9]: w9,
  [DocumentTypeId.Ach]: ach,
  [DocumentTypeId.DivisionOrder]: divisionOrder(false),
  [DocumentTypeId.PendingDivisionOrder]: divisionOrder(true),
  [DocumentTypeId.RunStatement]: statement('docPurchaserName', 'Purchaser', FieldType.Purchaser),
  [DocumentTypeId.OwnerStatement]: statement('docOwnerName', 'Owner', FieldType.Owner),
  [DocumentTypeId.Form1099]: form1099,
  [DocumentTypeId.SuspenseReport]: report,
  [DocumentTypeId.DivisionOfInterestReport]: report,
  [DocumentTypeId.RevenueDistributionByPropertyReport]: report,
  [DocumentTypeId.SummaryByDistributionReport]: report,
  [DocumentTypeId.OperatorExpenseReport]: report,
  [DocumentTypeId.OutsideOperatorExpenseReport]: report,
  [DocumentTypeId.FieldTicket]: fieldTicket,
};

export const metadataFieldSeeds: readonly MetadataFieldSeed[] = Object.entries(
  fieldsByType,
).flatMap(([typeId, fields]) =>
  fields.map((field, index) => ({
    ...field,
    id: Number(typeId) * 100 + index + 1,
    documentTypeId: Number(typeId),
  })),
);

/** Lookup value ids: field id × 100 + position (1-based). */
export function lookupValueId(fieldId: number, position: number): number {
  return fieldId * 100 + position;
}
