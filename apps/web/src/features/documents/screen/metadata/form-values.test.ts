import { describe, expect, it } from 'vitest';
import { buildArInvoice, definition } from '../test/document-fixtures';
import { buildSavePayload, currentValues, fieldName, initialFormValues } from './form-values';

const doc = buildArInvoice();
const values = () => initialFormValues(doc.metadata, 'MM/dd/yyyy');

describe('metadata form values', () => {
  it('shows canonical values in the user format', () => {
    const v = values();
    expect(v[fieldName(definition('docInvoiceDate').id)]).toEqual({ text: '11/02/2026', id: null });
    expect(v[fieldName(definition('docARPurchaserName').id)]).toEqual({
      text: 'Red Mesa Operating Co.',
      id: 31,
    });
    expect(
      initialFormValues(doc.metadata, 'dd/MM/yyyy')[fieldName(definition('docInvoiceDate').id)]!
        .text,
    ).toBe('02/11/2026');
  });

  it('sends nothing when nothing changed, and never the read-only fields', () => {
    const v = values();
    expect(buildSavePayload(doc.metadata, v, 'MM/dd/yyyy', true)).toEqual([]);
    v[fieldName(definition('docScanDate').id)] = { text: '01/01/2020', id: null };
    v[fieldName(definition('docARCompany').id)] = { text: 'Someone else', id: null };
    expect(buildSavePayload(doc.metadata, v, 'MM/dd/yyyy', true)).toEqual([]);
  });

  it('sends changed values canonically, with the picker ids under their API names', () => {
    const v = values();
    v[fieldName(definition('docTotal').id)] = { text: '1250', id: null }; // same amount
    v[fieldName(definition('docDueDate').id)] = { text: '12/01/2026', id: null };
    v[fieldName(definition('docPaymentTerms').id)] = { text: 'Net 30', id: 9303 };
    v[fieldName(definition('docARPurchaserName').id)] = { text: 'Other Buyer', id: 40 };
    v[fieldName(definition('docOrgUnitName').id)] = { text: 'Odessa Yard', id: 5 };
    v[fieldName(definition('docPONumber').id)] = { text: '  ', id: null };
    expect(buildSavePayload(doc.metadata, v, 'MM/dd/yyyy', true)).toEqual([
      { metadataDefinitionId: definition('docDueDate').id, value: '2026-12-01' },
      {
        metadataDefinitionId: definition('docARPurchaserName').id,
        value: 'Other Buyer',
        partyId: 40,
      },
      { metadataDefinitionId: definition('docOrgUnitName').id, value: 'Odessa Yard', orgUnitId: 5 },
      {
        metadataDefinitionId: definition('docPaymentTerms').id,
        value: 'Net 30',
        lookupValueId: 9303,
      },
    ]);
  });

  it('sends nothing on a document that cannot be edited', () => {
    const v = values();
    v[fieldName(definition('docNumber').id)] = { text: 'CHANGED', id: null };
    expect(buildSavePayload(doc.metadata, v, 'MM/dd/yyyy', false)).toEqual([]);
  });

  it('gives Send the current canonical values', () => {
    const v = values();
    v[fieldName(definition('docNumber').id)] = { text: '', id: null };
    const current = currentValues(doc.metadata, v, 'MM/dd/yyyy');
    expect(current[definition('docNumber').id]).toBeNull();
    expect(current[definition('docInvoiceDate').id]).toBe('2026-11-02');
    expect(current[definition('docTotal').id]).toBe('1250.00');
  });
});
