import { expect, it } from 'vitest';
import { openDocumentWorld } from './helpers/document-world';
/** Odd ids, paging and search input across the document endpoints answer 4xx, never a 500. */
it('answers odd input on the document endpoints without a server error', async () => {
  const { t, asUser } = await openDocumentWorld();
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/documents/99999999999'],
    ['GET', '/api/documents/0'],
    ['GET', '/api/documents/1/available'],
    ['GET', '/api/documents/abc/versions'],
    [
      'PUT',
      '/api/documents/1/metadata',
      { metadata: [{ metadataDefinitionId: 2147483648, value: 'x' }] },
    ],
    ['PUT', '/api/documents/1/metadata', { metadata: 'nope' }],
    ['PUT', '/api/documents/1/publish', {}],
    ['POST', '/api/documents/cancelPublish', { ids: [2147483647] }],
    ['GET', '/api/documentroute/all/93?orderBy=docTotal;drop&pageSize=0'],
    ['GET', '/api/documentroute/all/2147483648'],
    ['GET', '/api/documentroute/getByDocumentTypes/1,,2'],
    ['GET', '/api/documentroute/all/93?documentRouteStatusId=99999999999'],
    ['POST', '/api/search', { querySearchTerm: '&|!:*()', page: 1, pageSize: 25 }],
    ['POST', '/api/search', { querySearchTerm: "'''", page: 99999999, pageSize: 500 }],
    ['GET', '/api/typeahead?query=%25_%5C'],
    ['GET', '/api/history/document/1?category=Nope'],
    ['GET', '/api/history/99999999999/details/1'],
    ['GET', '/api/metadata/99999999/lookupvalues'],
    ['GET', '/api/download/99999999999/pdf'],
    ['GET', '/api/documents/1/file/1'],
    ['GET', '/api/documentType/template/99999999999/instance'],
    ['GET', '/api/batch/getdocumentids?batchName=x'],
    ['DELETE', '/api/documentAttachments/99999999999'],
    ['GET', '/api/documentroute/all/93?documentRouteStatusId=99999999999'],
    ['GET', '/api/documentstatus?documentTypeId=99999999999&documentRouteStatusId=5'],
    ['GET', '/api/documentroute/getByDocumentTypes/99999999999'],
    [
      'PUT',
      '/api/documents/1/metadata',
      { metadata: [{ metadataDefinitionId: 9301, value: 'x', partyId: 99999999999 }] },
    ],
    [
      'PUT',
      '/api/documents/1/metadata',
      { metadata: [{ metadataDefinitionId: 9306, value: 'x', partyId: 99999999999 }] },
    ],
    [
      'PUT',
      '/api/documents/1/metadata',
      { metadata: [{ metadataDefinitionId: 9307, value: 'x', orgUnitId: 99999999999 }] },
    ],
    [
      'PUT',
      '/api/documents/1/metadata',
      { metadata: [{ metadataDefinitionId: 9310, value: 'x', lookupValueId: 99999999999 }] },
    ],
    ['POST', '/api/documents/cancelPublish', { ids: [99999999999] }],
    ['GET', '/api/documents/1?documentTypeId=99999999999'],
    ['GET', '/api/batch/getdocumentids?batchName=x&userId=99999999999'],
    ['GET', '/api/history/document/99999999999/rejectionReason'],
    ['GET', '/api/download/attachment/99999999999'],
  ];
  for (const [method, url, body] of calls) {
    const res = await asUser({ method: method as 'GET', url, payload: body as object });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
  }
  await t.close();
});

it('refuses an id beyond the database integer range with 400', async () => {
  const { t, asUser } = await openDocumentWorld();
  const res = await asUser({ method: 'GET', url: '/api/documents/2147483648' });
  expect(res.statusCode).toBe(400);
  await t.close();
});
