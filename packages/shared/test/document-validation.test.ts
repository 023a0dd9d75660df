import { describe, expect, it } from 'vitest';
import {
  DocumentTemplate,
  DocumentTypeId,
  formatUsd,
  isValidIsoDate,
  isValidIsoDateTime,
  metadataFieldSeeds,
  missingRequiredFields,
  requiredFieldMessage,
  requiredFieldsMessage,
  toCents,
  validateDocumentForSend,
  validateMetadataValue,
  type ValidationField,
} from '../src/index';

const fieldsOf = (typeId: number): ValidationField[] =>
  metadataFieldSeeds
    .filter((f) => f.documentTypeId === typeId)
    .map((f) => ({
      id: f.id,
      key: f.key,
      name: f.name,
      isRequired: f.isRequired ?? false,
      isThirdParty: f.isThirdParty ?? false,
      isDollarTotal: f.isDollarTotal ?? false,
      isMultiple: f.isMultiple ?? false,
      metadataType: { id: f.fieldTypeId },
    }));

const arInvoice = fieldsOf(DocumentTypeId.ArInvoice);
const idOf = (fields: ValidationField[], key: string) => fields.find((f) => f.key === key)!.id;

/** A complete AR invoice: every required field and the invoice extras filled. */
function completeInvoice(): Record<number, string | null> {
  const v = (key: string) => idOf(arInvoice, key);
  return {
    [v('docNumber')]: 'INV-1',
    [v('docInvoiceDate')]: '2026-01-05',
    [v('docServiceDate')]: '2026-01-02',
    [v('docTotal')]: '1234.56',
    [v('docARPurchaserName')]: 'Red Mesa Operating Co.',
    [v('docOrgUnitName')]: 'Midland',
    [v('docScanDate')]: '2026-01-06',
  };
}

describe('required fields (spec 2 §5.5)', () => {
  it('words one and several missing fields like the spec', () => {
    expect(requiredFieldsMessage([])).toBeNull();
    expect(requiredFieldsMessage(['Bill To'])).toBe('Field Bill To is required');
    expect(requiredFieldsMessage(['Invoice Number', 'Bill To'])).toBe(
      'Fields Invoice Number, Bill To are required',
    );
  });

  it('lists every missing field of an empty AR invoice in field order, with the invoice extras', () => {
    expect(
      validateDocumentForSend({
        templateId: DocumentTemplate.ArInvoice,
        definitions: arInvoice,
        values: {},
      }),
    ).toBe(
      'Fields Invoice Number, Invoice Date, Service Date, Invoice Total, Purchaser, Bill To, Scan Date are required',
    );
  });

  it('passes a complete invoice and treats blanks as missing', () => {
    const values = completeInvoice();
    expect(validateDocumentForSend({ templateId: 11, definitions: arInvoice, values })).toBeNull();
    values[idOf(arInvoice, 'docOrgUnitName')] = '   ';
    expect(validateDocumentForSend({ templateId: 11, definitions: arInvoice, values })).toBe(
      'Field Bill To is required',
    );
  });

  it('requires scan date only on invoices', () => {
    const values = completeInvoice();
    delete values[idOf(arInvoice, 'docScanDate')];
    expect(validateDocumentForSend({ templateId: 11, definitions: arInvoice, values })).toBe(
      'Field Scan Date is required',
    );
    expect(
      validateDocumentForSend({
        templateId: DocumentTemplate.Unknown,
        definitions: arInvoice,
        values,
      }),
    ).toBeNull();
  });

  it('requires third-party fields except the division order address lines and zip', () => {
    const fields = fieldsOf(DocumentTypeId.DivisionOrder);
    const values: Record<number, string> = {
      [idOf(fields, 'docOwnerName')]: 'Hawthorne',
      [idOf(fields, 'docPropertyName')]: 'Lease 7',
      [idOf(fields, 'docDecimalInterest')]: '0.125',
      [idOf(fields, 'docEffectiveDate')]: '2026-01-01',
    };
    expect(
      validateDocumentForSend({
        templateId: DocumentTemplate.PendingDivisionOrder,
        definitions: fields,
        values,
      }),
    ).toBe('Field Owner Tax ID is required');
    values[idOf(fields, 'docOwnerTaxId')] = '12-3456789';
    expect(validateDocumentForSend({ templateId: 3, definitions: fields, values })).toBeNull();
  });

  it('checks line-item cells by the same rule (quantity on invoices, required columns)', () => {
    const lineItems = {
      columns: [
        { key: 'description', name: 'Description', isRequired: true },
        { key: 'quantity', name: 'Quantity' },
        { key: 'amount', name: 'Amount', isAmount: true },
      ],
      rows: [
        { description: 'Hauling', quantity: '2', amount: '1000.00' },
        { description: '', quantity: null, amount: '234.56' },
      ],
    };
    expect(
      validateDocumentForSend({
        templateId: 11,
        definitions: arInvoice,
        values: completeInvoice(),
        lineItems,
      }),
    ).toBe('Fields Description (line 2), Quantity (line 2) are required');
    expect(
      validateDocumentForSend({
        templateId: DocumentTemplate.Unknown,
        definitions: arInvoice,
        values: completeInvoice(),
        lineItems,
      }),
    ).toBe('Field Description (line 2) is required');
  });
});

describe('detail total check (spec 1 §5)', () => {
  const columns = [
    { key: 'quantity', name: 'Quantity' },
    { key: 'amount', name: 'Amount', isAmount: true },
  ];
  // An optional dollar total, so an empty one reaches the total check.
  const total = { ...arInvoice.find((f) => f.key === 'docTotal')!, isRequired: false };
  const run = (value: string | null, amounts: Array<string | null>) =>
    validateDocumentForSend({
      templateId: DocumentTemplate.Unknown,
      definitions: [total],
      values: { [total.id]: value },
      lineItems: { columns, rows: amounts.map((amount) => ({ quantity: '1', amount })) },
    });

  it('reports a mismatch in US dollars with the field name', () => {
    expect(run('1234.56', ['1000', '234.50'])).toBe(
      'Detail item total ($1,234.50) does not match Invoice Total ($1,234.56)',
    );
    expect(run('-5', ['-4.99'])).toBe(
      'Detail item total (-$4.99) does not match Invoice Total (-$5.00)',
    );
  });

  it('compares in cents, so binary fractions do not matter', () => {
    expect(run('0.30', ['0.1', '0.2'])).toBeNull();
    expect(run('1234.56', ['1000', '234.56'])).toBeNull();
    expect(run('10.005', ['10.01'])).toBeNull();
  });

  it('skips the check without line items, without a total value, or without an amount column', () => {
    expect(run('100', [])).toBeNull();
    expect(run(null, ['1'])).toBeNull();
    expect(
      validateDocumentForSend({
        definitions: [total],
        values: { [total.id]: '5' },
        lineItems: { columns: [{ key: 'quantity', name: 'Quantity' }], rows: [{ quantity: '1' }] },
      }),
    ).toBeNull();
  });

  it('runs only after the required fields are complete', () => {
    const values = completeInvoice();
    expect(
      validateDocumentForSend({
        templateId: 11,
        definitions: arInvoice,
        values,
        lineItems: { columns, rows: [{ quantity: '1', amount: '1' }] },
      }),
    ).toBe('Detail item total ($1.00) does not match Invoice Total ($1,234.56)');
    delete values[idOf(arInvoice, 'docNumber')];
    expect(
      validateDocumentForSend({
        templateId: 11,
        definitions: arInvoice,
        values,
        lineItems: { columns, rows: [{ quantity: '1', amount: '1' }] },
      }),
    ).toBe('Field Invoice Number is required');
  });
});

describe('amounts', () => {
  it.each([
    ['12', 1200],
    ['12.3', 1230],
    ['12.345', 1235],
    ['12.344', 1234],
    ['-0.015', -2],
    ['.5', 50],
    ['0', 0],
  ])('%s is %i cents', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it.each(['', '  ', 'abc', '1,000', '1e3', '.', null])('%s is not an amount', (text) => {
    expect(toCents(text)).toBeNull();
  });

  it('formats cents as US dollars', () => {
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-500)).toBe('-$5.00');
  });
});

describe('value validation by field type', () => {
  const field = (typeId: number, name = 'Field', isMultiple = false) => ({
    name,
    metadataType: { id: typeId },
    isMultiple,
  });

  it('accepts only strictly valid yyyy-mm-dd dates', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('2024-2-3')).toBe(false);
    expect(validateMetadataValue(field(4, 'Invoice Date'), '02/03/2024')).toBe(
      'Invoice Date must be a valid date (yyyy-mm-dd)',
    );
    expect(validateMetadataValue(field(4), '0099-04-30')).toBeNull();
  });

  it('accepts ISO date-times', () => {
    expect(isValidIsoDateTime('2024-03-05T14:30')).toBe(true);
    expect(isValidIsoDateTime('2024-03-05T14:30:15.250Z')).toBe(true);
    expect(isValidIsoDateTime('2024-03-05T14:30:15+02:00')).toBe(true);
    expect(isValidIsoDateTime('2024-02-30T10:00')).toBe(false);
    expect(isValidIsoDateTime('2024-03-05 14:30')).toBe(false);
    expect(validateMetadataValue(field(5, 'Received At'), '5 March')).toBe(
      'Received At must be a valid date and time (ISO 8601)',
    );
  });

  it('accepts numbers only in Currency and Numeric fields', () => {
    for (const type of [2, 3]) {
      expect(validateMetadataValue(field(type), '-12.50')).toBeNull();
      expect(validateMetadataValue(field(type), '0.125')).toBeNull();
      expect(validateMetadataValue(field(type, 'Invoice Total'), '$12')).toBe(
        'Invoice Total must be a number',
      );
      expect(validateMetadataValue(field(type), '1,000')).toBe('Field must be a number');
    }
  });

  it('accepts only the lookup values in List fields', () => {
    const terms = ['Net 30', 'Net 60'];
    expect(validateMetadataValue(field(6, 'Payment Terms'), 'Net 30', terms)).toBeNull();
    expect(validateMetadataValue(field(6, 'Payment Terms'), 'Net 90', terms)).toBe(
      'Payment Terms must be one of: Net 30, Net 60',
    );
  });

  it('lets empty values and free text through, and checks each value of a multiple field', () => {
    expect(validateMetadataValue(field(4), null)).toBeNull();
    expect(validateMetadataValue(field(4), '')).toBeNull();
    expect(validateMetadataValue(field(1), 'anything at all')).toBeNull();
    expect(
      validateMetadataValue(field(4, 'Dates', true), '["2024-01-01","2024-01-02"]'),
    ).toBeNull();
    expect(validateMetadataValue(field(4, 'Dates', true), '["2024-01-01","nope"]')).toBe(
      'Dates must be a valid date (yyyy-mm-dd)',
    );
    expect(validateMetadataValue(field(4, 'Dates', true), 'not json')).toBe(
      'Dates must be a list of values',
    );
  });
});

describe('missingRequiredFields (marks the fields Send needs, issue 11 item 21)', () => {
  it('lists the definitions the message names, in field order', () => {
    const values = completeInvoice();
    values[idOf(arInvoice, 'docTotal')] = ' ';
    values[idOf(arInvoice, 'docNumber')] = null;
    const input = { templateId: DocumentTemplate.ArInvoice, definitions: arInvoice, values };
    const missing = missingRequiredFields(input);
    expect(missing.map((d) => d.key)).toEqual(['docNumber', 'docTotal']);
    expect(validateDocumentForSend(input)).toBe(
      `Fields ${missing.map((d) => d.name).join(', ')} are required`,
    );
    expect(requiredFieldMessage('Invoice Number')).toBe('Invoice Number is required');
    expect(missingRequiredFields({ ...input, values: completeInvoice() })).toEqual([]);
  });
});
