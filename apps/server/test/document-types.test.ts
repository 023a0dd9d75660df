import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentTemplate,
  DocumentTypeId,
  FieldType,
  fieldTypeNames,
  metadataFieldSeeds,
  Role,
  UserType,
  zDocumentTypeDetails,
  zDocumentTypeInstance,
  type MetadataDefinition,
} from '@flowline/shared';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let company: CompanyRow;
let other: CompanyRow;
let reader: UserRow;
let globalUser: UserRow;

const get = (url: string, user = reader, companyId = company.id) =>
  t.as(user, companyId)({ method: 'GET', url: `/api${url}` });

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompany(t.db);
  other = await buildCompany(t.db);
  reader = await buildMember(t.db, company, [Role.ReadOnly]);
  globalUser = await buildMember(t.db, company, [Role.Administrator], {
    userTypeId: UserType.Global,
  });
});
afterAll(() => t.close());

describe('GET /documentType/{id}', () => {
  it('returns the type with its definitions in sort order and its list columns', async () => {
    const res = await get(`/documentType/${DocumentTypeId.ArInvoice}`);
    expect(res.statusCode).toBe(200);
    const body = zDocumentTypeDetails.parse(res.json());
    expect(body).toMatchObject({ id: 93, name: 'AR Invoice', documentTypeTemplateId: 11 });
    const seeds = metadataFieldSeeds.filter((f) => f.documentTypeId === 93);
    expect(body.metadataDefinitions.map((d) => d.key)).toEqual(seeds.map((f) => f.key));
    const sortOrders = body.metadataDefinitions.map((d) => d.sortOrder);
    expect(sortOrders).toEqual([...sortOrders].sort((a, b) => a - b));
    expect(body.metadataDefinitions.find((d) => d.key === 'docTotal')).toMatchObject({
      name: 'Invoice Total',
      isDollarTotal: true,
      isRequired: true,
      metadataType: { id: FieldType.Currency, name: 'Currency' },
    });
    expect(body.metadataDefinitions.find((d) => d.key === 'docOrgUnitName')).toMatchObject({
      isThirdParty: true,
      listColumnOrder: null,
      metadataType: { id: FieldType.OrgUnit, name: 'OrgUnit' },
    });
    // List columns: Invoice Number, Invoice Date, Purchaser, Invoice Total, Due Date.
    expect(body.listColumns.map((d) => [d.listColumnOrder, d.key])).toEqual([
      [1, 'docNumber'],
      [2, 'docInvoiceDate'],
      [3, 'docARPurchaserName'],
      [4, 'docTotal'],
      [5, 'docDueDate'],
    ]);
  });

  it('names every field type as spec 3 §9 does', async () => {
    expect(Object.keys(fieldTypeNames)).toHaveLength(25);
    expect(fieldTypeNames[FieldType.TextArea]).toBe('TextArea');
    expect(fieldTypeNames[FieldType.Company]).toBe('Company');
    const body = (await get(`/documentType/${DocumentTypeId.PendingDivisionOrder}`)).json();
    for (const d of body.metadataDefinitions as MetadataDefinition[]) {
      expect(d.metadataType.name).toBe(
        fieldTypeNames[d.metadataType.id as keyof typeof fieldTypeNames],
      );
    }
  });

  it('404 for an unknown type, 400 for a malformed id', async () => {
    const missing = await get('/documentType/5');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('document_type_not_found');
    expect((await get('/documentType/abc')).statusCode).toBe(400);
  });
});

describe('GET /documentType', () => {
  it('is the summary list by default and adds definitions with IncludeFullDetails=true', async () => {
    const summary = (await get('/documentType?IncludeFullDetails=false')).json();
    expect(summary).toHaveLength(15);
    expect(summary[0]).not.toHaveProperty('metadataDefinitions');
    expect((await get('/documentType')).json()).toEqual(summary);

    const full = await get('/documentType?IncludeFullDetails=true');
    expect(full.statusCode).toBe(200);
    const types = full.json() as Array<{
      id: number;
      metadataDefinitions: MetadataDefinition[];
      listColumns: MetadataDefinition[];
    }>;
    expect(types.map((t) => t.id)).toEqual(summary.map((s: { id: number }) => s.id));
    for (const type of types) {
      const seeds = metadataFieldSeeds.filter((f) => f.documentTypeId === type.id);
      expect(type.metadataDefinitions.map((d) => d.id)).toEqual(seeds.map((s) => s.id));
      expect(type.listColumns.every((c) => c.listColumnOrder !== null)).toBe(true);
    }
    expect((await get('/documentType?IncludeFullDetails=maybe')).statusCode).toBe(400);
  });

  it('is for members of the selected company (Global users included)', async () => {
    expect((await get('/documentType', reader, other.id)).statusCode).toBe(403);
    expect((await get('/documentType', globalUser)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/documentType' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /documentType/template/{id}/instance', () => {
  it('is an empty document of the first type of the template', async () => {
    const res = await get(`/documentType/template/${DocumentTemplate.ArInvoice}/instance`);
    expect(res.statusCode).toBe(200);
    const body = zDocumentTypeInstance.parse(res.json());
    expect(body).toMatchObject({ id: 93, documentTypeId: 93, documentTypeName: 'AR Invoice' });
    const seeds = metadataFieldSeeds.filter((f) => f.documentTypeId === 93);
    expect(body.metadata.map((m) => m.metadata.key)).toEqual(seeds.map((s) => s.key));
    for (const entry of body.metadata) {
      expect(entry).toMatchObject({
        value: null,
        highlight: false,
        autoExtracted: false,
        lookupValue: null,
        party: null,
      });
    }
    const terms = body.metadata.find((m) => m.metadata.key === 'docPaymentTerms');
    expect(terms?.allowedValues?.map((v) => v.lookupValue)).toEqual([
      'Due on receipt',
      'Net 15',
      'Net 30',
      'Net 45',
      'Net 60',
      'Net 90',
      '1/10 Net 30',
      '2/10 Net 30',
      'Net 30 EOM',
    ]);
    expect(body.metadata.find((m) => m.metadata.key === 'docNumber')?.allowedValues).toBeNull();
  });

  it('takes the lowest type id when a template has several types', async () => {
    // Template 3 (pending division order) has Division Order 87 and Pending Division Order 94.
    const res = await get(
      `/documentType/template/${DocumentTemplate.PendingDivisionOrder}/instance`,
    );
    expect(res.json()).toMatchObject({ id: DocumentTypeId.DivisionOrder });
  });

  it('404 for a template without types or an unknown one', async () => {
    expect(
      (await get(`/documentType/template/${DocumentTemplate.Invoice}/instance`)).statusCode,
    ).toBe(404);
    expect((await get('/documentType/template/999/instance')).statusCode).toBe(404);
    expect((await get('/documentType/template/x/instance')).statusCode).toBe(400);
  });
});
