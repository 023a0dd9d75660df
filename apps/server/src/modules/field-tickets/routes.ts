import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zFieldTicket,
  zFieldTicketCreateInput,
  zFieldTicketInvoiceInput,
  zFieldTicketInvoiceResult,
  zFieldTicketList,
  zFieldTicketListQuery,
  zFieldTicketSignoffInput,
  zFieldTicketUpdateInput,
  zIdParam,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { requestOrigin } from '../signing/service';
import { invoiceFromTickets, ticketsOfInvoice } from './flip';
import { createFieldTicket, getFieldTicket, listFieldTickets, updateFieldTicket } from './service';
import { signoffFieldTicket } from './signoff';

/**
 * Field tickets (issue 32 items 2–3; docs/field-tickets.md): written on the vendor crew's phone,
 * signed at the wellsite by the operator's representative, approved or disputed by the operator
 * (POST /documents/{id}/approve, /dispute), billed once by an AR invoice.
 */
export const fieldTicketsRoutes: ApiModule = async (app, { db, blobStore, mailer, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['field tickets'];
  const params = z.object({ documentId: zIdParam });
  const deps = (log: typeof app.log) => ({ blobStore, mailer, config, log });

  api.post(
    '/field-tickets',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary:
          'Writes a DRAFT field ticket (vendor). The same clientId again answers 200 with the ticket it made; unit prices left out come from the price book in force on the service date',
        body: zFieldTicketCreateInput,
        response: { 200: zFieldTicket, 201: zFieldTicket },
      },
    },
    async (req, reply) => {
      const out = await createFieldTicket(db, deps(req.log), requireTenant(req), req.body);
      return reply.status(out.created ? 201 : 200).send(out.ticket);
    },
  );

  api.get(
    '/field-tickets',
    {
      schema: {
        tags,
        summary:
          "The company's field tickets, newest service day first, paged (billable=true: approved by the operator and not billed)",
        querystring: zFieldTicketListQuery,
        response: { 200: zFieldTicketList },
      },
    },
    async (req) => listFieldTickets(db, requireTenant(req), req.query),
  );

  api.post(
    '/field-tickets/invoice',
    {
      schema: {
        tags,
        summary:
          "An AR invoice DRAFT billing the vendor's approved field tickets of one operator (each ticket is billed once)",
        body: zFieldTicketInvoiceInput,
        response: { 201: zFieldTicketInvoiceResult },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await invoiceFromTickets(db, deps(req.log), requireTenant(req), req.body)),
  );

  api.get(
    '/field-tickets/:documentId',
    {
      schema: {
        tags,
        summary: 'A field ticket with its lines, sign-off and billing (vendor or operator)',
        params,
        response: { 200: zFieldTicket },
      },
    },
    async (req) => getFieldTicket(db, requireTenant(req), req.params.documentId),
  );

  api.patch(
    '/field-tickets/:documentId',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Rewrites a draft field ticket (vendor)',
        params,
        body: zFieldTicketUpdateInput,
        response: { 200: zFieldTicket },
      },
    },
    async (req) =>
      updateFieldTicket(db, deps(req.log), requireTenant(req), req.params.documentId, req.body),
  );

  api.post(
    '/field-tickets/:documentId/signoff',
    {
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary:
          "Records the operator's representative's signature (evidence: name, times, GPS, image hash), draws it on the PDF and SENDS the ticket",
        params,
        body: zFieldTicketSignoffInput,
        response: { 200: zFieldTicket },
      },
    },
    async (req) => {
      const out = await signoffFieldTicket(
        db,
        deps(req.log),
        requireTenant(req),
        req.params.documentId,
        req.body,
        requestOrigin(req.ip, req.headers['user-agent']),
      );
      return out.ticket;
    },
  );

  api.get(
    '/documents/:id/field-tickets',
    {
      schema: {
        tags,
        summary: 'The field tickets an invoice bills (vendor or operator)',
        params: z.object({ id: zIdParam }),
        response: { 200: zFieldTicketList },
      },
    },
    async (req) => ticketsOfInvoice(db, requireTenant(req), req.params.id),
  );
};
