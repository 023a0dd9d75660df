import { FieldType, RouteStatus, type DocumentResultSet } from '@flowline/shared';

/** An AR invoice list page as GET /documentroute/all/93 answers it. */
export const arInvoicePage: DocumentResultSet = {
  columns: [
    { name: 'Invoice Number', key: 'docNumber', metadataType: { id: FieldType.Text } },
    { name: 'Invoice Date', key: 'docInvoiceDate', metadataType: { id: FieldType.Date } },
    { name: 'Invoice Total', key: 'docTotal', metadataType: { id: FieldType.Currency } },
    { name: 'Party', key: 'docPartyName', metadataType: { id: FieldType.Party } },
  ],
  rows: [
    {
      id: 12,
      documentTypeId: 93,
      routeStatusId: RouteStatus.Rejected,
      isRead: false,
      side: 'sent',
      values: ['INV-1042', '2026-11-20', '1234.5', 'Red Mesa Operating Co.'],
    },
    {
      id: 11,
      documentTypeId: 93,
      routeStatusId: null,
      isRead: true,
      side: 'sent',
      values: ['INV-1041', null, null, null],
    },
    {
      id: 10,
      documentTypeId: 93,
      routeStatusId: RouteStatus.Paid,
      isRead: true,
      side: 'sent',
      values: ['INV-1040', '2026-10-02', '99', 'Red Mesa Operating Co.'],
    },
  ],
  totalRecords: 3,
};
