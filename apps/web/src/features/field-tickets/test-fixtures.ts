import type { FieldTicket, FieldTicketSummary } from '@flowline/shared';
import type { CreateFieldTicketBody } from './api';

const operator = { companyId: 2, name: 'Red Mesa Operating Co.' };
const vendor = { companyId: 1, name: 'Company 1' };

/** The API's answer for a ticket made from a create body (tests of the phone's screens). */
export function ticketAnswer(
  documentId: number,
  body?: Partial<CreateFieldTicketBody>,
  overrides: Partial<FieldTicket> = {},
): FieldTicket {
  const fields = body?.fields;
  return {
    documentId,
    clientId: body?.clientId ?? '00000000-0000-4000-8000-000000000000',
    ticketNumber: fields?.docNumber ?? `FT-${documentId}`,
    status: 'draft',
    side: 'sent',
    partyId: body?.partyId ?? 11,
    fields: {
      docNumber: fields?.docNumber ?? `FT-${documentId}`,
      docServiceDate: fields?.docServiceDate ?? '2026-11-20',
      docStartTime: null,
      docEndTime: null,
      docWellName: fields?.docWellName ?? 'Smith 1H',
      docAFE: null,
      docCostCenter: null,
      docJobDescription: null,
      docCrew: null,
      docFieldSupervisor: null,
      docTotal: '0.00',
    },
    lines: [],
    signoff: null,
    billedBy: null,
    operator,
    vendor,
    ...overrides,
  };
}

/** A row of GET /field-tickets. */
export function summaryAnswer(
  documentId: number,
  overrides: Partial<FieldTicketSummary> = {},
): FieldTicketSummary {
  return {
    documentId,
    clientId: '00000000-0000-4000-8000-000000000000',
    ticketNumber: `FT-${documentId}`,
    status: 'approved',
    side: 'sent',
    serviceDate: '2026-11-20',
    wellName: 'Smith 1H',
    afe: null,
    total: '380.00',
    lineCount: 1,
    signerName: 'Dale Foreman',
    signedAt: '2026-11-20T15:00:00.000Z',
    billedBy: null,
    counterparty: operator,
    ...overrides,
  };
}
