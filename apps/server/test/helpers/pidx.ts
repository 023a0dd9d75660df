/** PIDX v1.0 invoices for tests (issue 30; docs/pidx.md): valid by default, any part overridable. */

export interface PidxLineSpec {
  number?: string;
  description?: string | null;
  itemCode?: string;
  quantity?: string | null;
  uom?: string;
  unitPrice?: string | null;
  afe?: string;
  costCenter?: string;
  tax?: { type: string; amount: string };
  serviceDate?: string;
  /** ReferenceInformation 'FieldTicketNumber' (issue 32: the ticket the line bills). */
  fieldTicket?: string;
}

export interface PidxSpec {
  invoiceNumber?: string | null;
  invoiceDate?: string;
  billTo?: { name?: string; duns?: string; buyerId?: string; sellerId?: string } | null;
  sellerName?: string;
  typeCode?: string;
  poNumber?: string;
  currency?: string;
  well?: { name: string; id?: string };
  headerAfe?: string;
  headerCostCenter?: string;
  contract?: string;
  comment?: string;
  attachments?: string[];
  lines?: PidxLineSpec[];
  total?: string | null;
  totalLineItems?: string;
  summaryTax?: { type: string; amount: string };
}

const x = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ref = (kind: string, value: string | undefined) =>
  value
    ? `<pidx:ReferenceInformation referenceInformationIndicator="${kind}"><pidx:ReferenceNumber>${x(value)}</pidx:ReferenceNumber></pidx:ReferenceInformation>`
    : '';

const tax = (t: { type: string; amount: string } | undefined) =>
  t
    ? `<pidx:Tax><pidx:TaxTypeCode>${t.type}</pidx:TaxTypeCode><pidx:TaxAmount><pidx:MonetaryAmount>${t.amount}</pidx:MonetaryAmount></pidx:TaxAmount></pidx:Tax>`
    : '';

export const defaultLines: PidxLineSpec[] = [
  {
    description: 'Rig time',
    itemCode: 'RIG-01',
    quantity: '10',
    uom: 'HR',
    unitPrice: '100.00',
    tax: { type: 'SalesTax', amount: '82.50' },
    serviceDate: '2026-10-01T00:00:00',
  },
  {
    description: 'Hauling',
    itemCode: 'HAUL-7',
    quantity: '2',
    uom: 'EA',
    unitPrice: '83.75',
    afe: 'AFE-200',
    serviceDate: '2026-10-03',
  },
];

/** 1,000.00 + 82.50 tax + 167.50 = 1,250.00 */
export function pidxInvoiceXml(spec: PidxSpec = {}): string {
  const lines = spec.lines ?? defaultLines;
  const billTo =
    spec.billTo === null
      ? ''
      : (() => {
          const b = spec.billTo ?? { name: 'Purchaser Co' };
          return `<pidx:PartnerInformation partnerRoleIndicator="BillTo">${
            b.duns
              ? `<pidx:PartnerIdentifier partnerIdentifierIndicator="DUNSNumber">${b.duns}</pidx:PartnerIdentifier>`
              : ''
          }${b.buyerId ? `<pidx:PartnerIdentifier partnerIdentifierIndicator="AssignedByBuyer">${b.buyerId}</pidx:PartnerIdentifier>` : ''}${
            b.sellerId
              ? `<pidx:PartnerIdentifier partnerIdentifierIndicator="AssignedBySeller">${b.sellerId}</pidx:PartnerIdentifier>`
              : ''
          }${b.name ? `<pidx:PartnerName>${x(b.name)}</pidx:PartnerName>` : ''}</pidx:PartnerInformation>`;
        })();
  const lineXml = lines
    .map(
      (l, i) => `
    <pidx:InvoiceLineItem>
      <pidx:LineItemNumber>${l.number ?? i + 1}</pidx:LineItemNumber>
      ${l.quantity === null ? '' : `<pidx:InvoiceQuantity><pidx:Quantity>${l.quantity ?? '1'}</pidx:Quantity>${l.uom ? `<pidx:UnitOfMeasureCode>${l.uom}</pidx:UnitOfMeasureCode>` : ''}</pidx:InvoiceQuantity>`}
      <pidx:LineItemInformation>${l.itemCode ? `<pidx:LineItemIdentifier identifierIndicator="AssignedBySeller">${l.itemCode}</pidx:LineItemIdentifier>` : ''}${l.description === null ? '' : `<pidx:LineItemDescription>${x(l.description ?? 'Service')}</pidx:LineItemDescription>`}</pidx:LineItemInformation>
      ${l.unitPrice === null ? '' : `<pidx:Pricing><pidx:UnitPrice><pidx:MonetaryAmount>${l.unitPrice ?? '0'}</pidx:MonetaryAmount></pidx:UnitPrice></pidx:Pricing>`}
      ${ref('AFENumber', l.afe)}${ref('CostCenter', l.costCenter)}${ref('FieldTicketNumber', l.fieldTicket)}
      ${tax(l.tax)}
      ${l.serviceDate ? `<pidx:ServiceDateTime dateTypeIndicator="ServicePeriodStart">${l.serviceDate}</pidx:ServiceDateTime>` : ''}
    </pidx:InvoiceLineItem>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<pidx:Invoice xmlns:pidx="http://www.api.org/pidXML/v1.0" pidx:transactionPurposeIndicator="Original" pidx:version="1.0">
  <pidx:InvoiceProperties>
    ${spec.invoiceNumber === null ? '' : `<pidx:InvoiceNumber>${x(spec.invoiceNumber ?? 'PIDX-1')}</pidx:InvoiceNumber>`}
    <pidx:InvoiceDate>${spec.invoiceDate ?? '2026-10-15T00:00:00'}</pidx:InvoiceDate>
    ${billTo}
    <pidx:PartnerInformation partnerRoleIndicator="RemitTo"><pidx:PartnerName>${x(spec.sellerName ?? 'Vendor Co')}</pidx:PartnerName></pidx:PartnerInformation>
    <pidx:InvoiceTypeCode>${spec.typeCode ?? 'DebitInvoice'}</pidx:InvoiceTypeCode>
    ${spec.poNumber ? `<pidx:PurchaseOrderInformation><pidx:PurchaseOrderNumber>${spec.poNumber}</pidx:PurchaseOrderNumber></pidx:PurchaseOrderInformation>` : ''}
    <pidx:PrimaryCurrency><pidx:CurrencyCode>${spec.currency ?? 'USD'}</pidx:CurrencyCode></pidx:PrimaryCurrency>
    ${spec.well ? `<pidx:JobLocationInformation><pidx:WellInformation>${spec.well.id ? `<pidx:WellIdentifier>${spec.well.id}</pidx:WellIdentifier>` : ''}<pidx:WellName>${x(spec.well.name)}</pidx:WellName></pidx:WellInformation></pidx:JobLocationInformation>` : ''}
    ${ref('AFENumber', spec.headerAfe)}${ref('CostCenter', spec.headerCostCenter)}${ref('ContractNumber', spec.contract)}
    ${spec.comment ? `<pidx:Comment>${x(spec.comment)}</pidx:Comment>` : ''}
    ${(spec.attachments ?? [])
      .map(
        (a) =>
          `<pidx:Attachment><pidx:AttachmentPurposeCode>Invoice</pidx:AttachmentPurposeCode><pidx:AttachmentLocation>${a}</pidx:AttachmentLocation></pidx:Attachment>`,
      )
      .join('')}
  </pidx:InvoiceProperties>
  <pidx:InvoiceDetails>${lineXml}
  </pidx:InvoiceDetails>
  <pidx:InvoiceSummary>
    <pidx:TotalLineItems>${spec.totalLineItems ?? lines.length}</pidx:TotalLineItems>
    ${spec.total === null ? '' : `<pidx:InvoiceTotal><pidx:MonetaryAmount>${spec.total ?? '1250.00'}</pidx:MonetaryAmount></pidx:InvoiceTotal>`}
    ${tax(spec.summaryTax)}
  </pidx:InvoiceSummary>
</pidx:Invoice>`;
}
