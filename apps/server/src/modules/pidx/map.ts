import {
  isPidxDecimal,
  isValidIsoDate,
  pidxCents,
  pidxIdentifierKind,
  pidxLimits,
  pidxLineCents,
  pidxMessages as msg,
  pidxTotalProblems,
  type PidxIdentifierKind,
  type PidxProblem,
} from '@flowline/shared';
import { attribute, children, text, type XmlNode } from './xml';

/**
 * A parsed `pidx:Invoice` mapped to what Flowline keeps of it (docs/pidx.md 'Mapping'), with
 * every problem located by its element path (`InvoiceDetails/InvoiceLineItem[2]/Pricing/…`).
 */

export interface PidxPartner {
  role: string;
  name: string | null;
  identifiers: { kind: PidxIdentifierKind; value: string }[];
}

export interface PidxReferences {
  afe: string | null;
  costCenter: string | null;
  contractNumber: string | null;
  /** The field ticket the line bills (ReferenceInformation 'FieldTicketNumber'; issue 32). */
  fieldTicketNumber?: string | null;
}

export interface PidxTax {
  type: string | null;
  cents: number;
}

export interface PidxLine extends PidxReferences {
  pidxLineNumber: string;
  description: string;
  itemCode: string | null;
  quantity: string;
  unitOfMeasure: string | null;
  unitPrice: string;
  amountCents: number;
  serviceDate: string | null;
  taxes: PidxTax[];
}

export interface PidxInvoice {
  invoiceNumber: string;
  invoiceDate: string;
  invoiceTypeCode: string | null;
  purchaseOrderNumber: string | null;
  currency: string;
  billTo: PidxPartner;
  seller: PidxPartner | null;
  well: { name: string | null; identifier: string | null };
  references: PidxReferences;
  comment: string | null;
  attachmentLocations: string[];
  lines: PidxLine[];
  /** Invoice-level taxes, counted only when no line carries its own (they summarise those). */
  invoiceTaxes: PidxTax[];
  totalCents: number;
  serviceDate: string;
}

/**
 * The invoice when nothing is wrong; otherwise its problems. The BillTo partner and the
 * attachment locations come back either way, so the receiver and the attachments are checked
 * (and reported) beside the other problems.
 */
export type MapResult = (
  { invoice: PidxInvoice; problems: [] } | { invoice: null; problems: PidxProblem[] }
) & { billTo: PidxPartner | null; attachmentLocations: string[] };

const PROPS = 'InvoiceProperties';

/** yyyy-mm-dd from a PIDX date or date-time. */
function dateOf(value: string): string | null {
  const day = value.slice(0, 10);
  return isValidIsoDate(day) && (value.length === 10 || value[10] === 'T') ? day : null;
}

function references(node: XmlNode | undefined): PidxReferences {
  const refs: PidxReferences = { afe: null, costCenter: null, contractNumber: null };
  for (const ref of children(node, 'ReferenceInformation')) {
    const kind = (attribute(ref, 'referenceInformationIndicator') ?? '').toLowerCase();
    const value = text(ref, 'ReferenceNumber') ?? text(ref);
    if (!value) continue;
    if (kind.startsWith('afe')) refs.afe ??= value;
    else if (kind.startsWith('costcent')) refs.costCenter ??= value;
    else if (kind.startsWith('contract')) refs.contractNumber ??= value;
    else if (kind.startsWith('fieldticket')) refs.fieldTicketNumber ??= value;
  }
  return refs;
}

function partner(node: XmlNode): PidxPartner {
  return {
    role: attribute(node, 'partnerRoleIndicator') ?? '',
    name: text(node, 'PartnerName'),
    identifiers: children(node, 'PartnerIdentifier')
      .map((id) => ({
        kind: pidxIdentifierKind(attribute(id, 'partnerIdentifierIndicator')),
        value: text(id) ?? '',
      }))
      .filter((id) => id.value !== ''),
  };
}

export function mapPidxInvoice(root: XmlNode): MapResult {
  const problems: PidxProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  const props = children(root, PROPS)[0];
  const required = (path: string, value: string | null): string => {
    if (value === null) problem(path, msg.required(path.split('/').pop()!));
    return value ?? '';
  };
  const amount = (path: string, value: string | null): number => {
    if (value === null) return 0;
    if (!isPidxDecimal(value)) {
      problem(path, msg.notAmount(value));
      return 0;
    }
    return pidxCents(value);
  };
  const taxes = (node: XmlNode, path: string): PidxTax[] =>
    children(node, 'Tax').map((tax, i) => {
      const at = `${path}/Tax[${i + 1}]/TaxAmount/MonetaryAmount`;
      return {
        type: text(tax, 'TaxTypeCode'),
        cents: amount(at, required(at, text(tax, 'TaxAmount', 'MonetaryAmount'))),
      };
    });

  if (!props) problem(PROPS, msg.required(PROPS));
  const invoiceNumber = required(`${PROPS}/InvoiceNumber`, text(props, 'InvoiceNumber'));
  const dateText = required(`${PROPS}/InvoiceDate`, text(props, 'InvoiceDate'));
  const invoiceDate = dateText ? dateOf(dateText) : null;
  if (dateText && !invoiceDate) problem(`${PROPS}/InvoiceDate`, msg.notDate(dateText));

  const partners = children(props, 'PartnerInformation').map(partner);
  const billTo = partners.find((p) => p.role.toLowerCase() === 'billto') ?? null;
  if (!billTo)
    problem(
      `${PROPS}/PartnerInformation[@partnerRoleIndicator='BillTo']`,
      msg.required('BillTo PartnerInformation'),
    );
  else if (!billTo.name && billTo.identifiers.length === 0) {
    problem(
      `${PROPS}/PartnerInformation[@partnerRoleIndicator='BillTo']/PartnerName`,
      msg.required('PartnerName or PartnerIdentifier'),
    );
  }
  const seller = partners.find((p) => ['remitto', 'seller'].includes(p.role.toLowerCase())) ?? null;

  const currency = (text(props, 'PrimaryCurrency', 'CurrencyCode') ?? 'USD').toUpperCase();
  if (currency !== 'USD') problem(`${PROPS}/PrimaryCurrency/CurrencyCode`, msg.currency(currency));

  const wellNode = children(children(props, 'JobLocationInformation')[0], 'WellInformation')[0];
  const headerRefs = references(props);
  const headerServiceDate = text(props, 'ServiceDateTime');

  const details = children(root, 'InvoiceDetails')[0] ?? root;
  const lineNodes = children(details, 'InvoiceLineItem');
  const linesPath = details === root ? 'InvoiceLineItem' : 'InvoiceDetails/InvoiceLineItem';
  if (lineNodes.length === 0) problem(linesPath, msg.required('InvoiceLineItem'));
  const attachmentLocations = children(props, 'Attachment')
    .map((a) => text(a, 'AttachmentLocation'))
    .filter((l): l is string => l !== null);
  if (lineNodes.length > pidxLimits.maxLines) {
    problem(linesPath, msg.tooManyLines);
    return { invoice: null, problems, billTo, attachmentLocations };
  }
  const lines = lineNodes.map((node, i): PidxLine => {
    const at = `${linesPath}[${i + 1}]`;
    const quantity = required(
      `${at}/InvoiceQuantity/Quantity`,
      text(node, 'InvoiceQuantity', 'Quantity'),
    );
    if (quantity && !isPidxDecimal(quantity))
      problem(`${at}/InvoiceQuantity/Quantity`, msg.notQuantity(quantity));
    const pricePath = `${at}/Pricing/UnitPrice/MonetaryAmount`;
    const unitPrice = required(pricePath, text(node, 'Pricing', 'UnitPrice', 'MonetaryAmount'));
    if (unitPrice) amount(pricePath, unitPrice);
    const description = required(
      `${at}/LineItemInformation/LineItemDescription`,
      text(node, 'LineItemInformation', 'LineItemDescription'),
    );
    const serviceText = text(node, 'ServiceDateTime');
    const serviceDate = serviceText ? dateOf(serviceText) : null;
    if (serviceText && !serviceDate) problem(`${at}/ServiceDateTime`, msg.notDate(serviceText));
    const own = references(node);
    const valid = isPidxDecimal(quantity) && isPidxDecimal(unitPrice);
    return {
      pidxLineNumber: text(node, 'LineItemNumber') ?? String(i + 1),
      description,
      itemCode: text(node, 'LineItemInformation', 'LineItemIdentifier'),
      quantity,
      unitOfMeasure: text(node, 'InvoiceQuantity', 'UnitOfMeasureCode'),
      unitPrice,
      amountCents: valid ? pidxLineCents(quantity, unitPrice) : 0,
      serviceDate,
      // A header reference applies to every line that does not carry its own.
      afe: own.afe ?? headerRefs.afe,
      costCenter: own.costCenter ?? headerRefs.costCenter,
      contractNumber: own.contractNumber ?? headerRefs.contractNumber,
      fieldTicketNumber: own.fieldTicketNumber ?? headerRefs.fieldTicketNumber ?? null,
      taxes: taxes(node, at),
    };
  });

  const summary = children(root, 'InvoiceSummary')[0];
  const totalPath = 'InvoiceSummary/InvoiceTotal/MonetaryAmount';
  const totalText = required(totalPath, text(summary, 'InvoiceTotal', 'MonetaryAmount'));
  const totalCents = amount(totalPath, totalText || null);
  const lineTaxes = lines.flatMap((l) => l.taxes);
  const summaryTaxes = summary ? taxes(summary, 'InvoiceSummary') : [];
  const invoiceTaxes = lineTaxes.length ? [] : summaryTaxes;

  if (problems.length === 0) {
    problems.push(
      ...pidxTotalProblems({
        lineCents: lines.map((l) => l.amountCents),
        taxCents: [...lineTaxes, ...invoiceTaxes].map((t) => t.cents),
        invoiceTotalCents: totalCents,
        declaredLineCount: text(summary, 'TotalLineItems'),
      }),
    );
  }
  if (problems.length) return { invoice: null, problems, billTo, attachmentLocations };

  const serviceDates = lines.map((l) => l.serviceDate).filter((d): d is string => d !== null);
  const headerService = headerServiceDate ? dateOf(headerServiceDate) : null;
  return {
    problems: [],
    billTo,
    attachmentLocations,
    invoice: {
      invoiceNumber,
      invoiceDate: invoiceDate!,
      invoiceTypeCode: text(props, 'InvoiceTypeCode'),
      purchaseOrderNumber: text(props, 'PurchaseOrderInformation', 'PurchaseOrderNumber'),
      currency,
      billTo: billTo!,
      seller,
      well: { name: text(wellNode, 'WellName'), identifier: text(wellNode, 'WellIdentifier') },
      references: headerRefs,
      comment:
        children(props, 'Comment')
          .map((c) => text(c))
          .filter(Boolean)
          .join('\n') || null,
      attachmentLocations,
      lines,
      invoiceTaxes,
      totalCents,
      // The service date the invoice needs: the header's, else the earliest line's, else the
      // invoice date.
      serviceDate: headerService ?? serviceDates.sort()[0] ?? invoiceDate!,
    },
  };
}
