import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, documentTypes } from '@flowline/shared';
import { setFlag } from '../src/modules/feature-flags/service';
import { buildTestApp, type TestApp } from './helpers/app';
import { buildCompany, buildMember, type CompanyRow, type UserRow } from './helpers/factories';

let t: TestApp;
let company: CompanyRow;
let otherCompany: CompanyRow;
let reader: UserRow;

beforeAll(async () => {
  t = await buildTestApp({ FEATURE_FLAGS: 'in-app-messaging' });
  company = await buildCompany(t.db);
  otherCompany = await buildCompany(t.db);
  reader = await buildMember(t.db, company, [Role.ReadOnly]);
});
afterAll(() => t.close());

describe('document types', () => {
  it('lists every type of the spec with its fixed id and template', async () => {
    const res = await t.as(
      reader,
      company.id,
    )({ method: 'GET', url: '/api/documentType?IncludeFullDetails=false' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((d: { id: number }) => d.id);
    expect(ids).toEqual([6, 86, 87, 89, 90, 91, 93, 94, 95, 96, 97, 98, 99, 100, 101]);
    expect(ids).toHaveLength(documentTypes.length);
    expect(res.json().find((d: { id: number }) => d.id === 93)).toMatchObject({
      name: 'AR Invoice',
      documentTypeTemplateId: 11,
    });
  });

  it('returns one type, 404 for an unknown id, 400 for a bad one', async () => {
    expect(
      (await t.as(reader, company.id)({ method: 'GET', url: '/api/documentType/94' })).json(),
    ).toMatchObject({
      id: 94,
      documentTypeTemplateId: 3,
      metadataDefinitions: expect.arrayContaining([
        expect.objectContaining({ key: 'docDOResponseStatus' }),
      ]),
    });
    expect(
      (await t.as(reader, company.id)({ method: 'GET', url: '/api/documentType/5' })).statusCode,
    ).toBe(404);
    expect(
      (await t.as(reader, company.id)({ method: 'GET', url: '/api/documentType/x' })).statusCode,
    ).toBe(400);
  });

  it('needs a company the user belongs to', async () => {
    expect(
      (await t.as(reader, otherCompany.id)({ method: 'GET', url: '/api/documentType' })).statusCode,
    ).toBe(403);
  });
});

describe('feature flags', () => {
  it('are off by default, on from configuration, and per company from the database', async () => {
    const before = (
      await t.as(reader, company.id)({ method: 'GET', url: '/api/featureflags' })
    ).json();
    expect(before).toEqual({
      messagingFlag: true,
      networkMatchEnhancementFlag: false,
      accountingReportFlag: false,
      aiDocTypeDetectionAndExtractionFlag: false,
    });
    await setFlag(t.db, 'accounting-reports', company.id, true);
    await setFlag(t.db, 'in-app-messaging', company.id, false);
    const after = (
      await t.as(reader, company.id)({ method: 'GET', url: '/api/featureflags' })
    ).json();
    expect(after).toMatchObject({ messagingFlag: false, accountingReportFlag: true });
  });
});

describe('client error logging', () => {
  const body = {
    message: 'boom',
    stackTrace: 'at x',
    type: 'TypeError',
    cause: null,
    url: '/inbox',
  };

  it('takes browser errors from a signed-in user without a company', async () => {
    const res = await t.as(reader)({
      method: 'POST',
      url: '/api/clientexceptionlogger/exception',
      payload: body,
    });
    expect(res.statusCode).toBe(204);
  });

  it('takes sign-in failures without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authenticationexceptionlogger/exception',
      payload: body,
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses the client logger without a token and bad bodies with a 400', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/clientexceptionlogger/exception',
          payload: body,
        })
      ).statusCode,
    ).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/authenticationexceptionlogger/exception',
      payload: { stackTrace: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
