import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zEarlyPayOfferInput,
  zEarlyPayOffers,
  zIdParam,
  zPaymentRun,
  zPaymentRunCandidates,
  zPaymentRunCandidatesQuery,
  zPaymentRunInput,
  zPaymentRunList,
  zPaymentRunListQuery,
  zRemittanceQuery,
  zDiscountSummary,
  zDiscountSummaryQuery,
  zExpectedCash,
  zExpectedCashQuery,
} from '@flowline/shared';
import { z } from 'zod';
import { requireTenant } from '../../auth/request-context';
import { assertAdministrator, assertCanChangeData } from '../../auth/policy';
import { contentDisposition } from '../downloads/content-disposition';
import type { ApiModule } from '../types';
import { discountSummary, expectedCash } from './dashboards';
import { remittanceCsv, remittancePdf } from './remittance';
import {
  createPaymentRun,
  getPaymentRun,
  listCandidates,
  listOffers,
  listPaymentRuns,
  removeOffer,
  saveOffer,
} from './service';

/**
 * Payment runs (issue 29 item 6, docs/payment-runs.md): the receiver pays several approved
 * invoices of one vendor at once; both sides read the run and its remittance advice.
 */
export const paymentRunsRoutes: ApiModule = async (app, { db, config, mailer }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment runs'];
  const idParams = z.object({ id: zIdParam });

  api.get(
    '/payment-runs',
    {
      schema: {
        tags,
        summary: 'Payment runs this company made or received, newest first',
        querystring: zPaymentRunListQuery,
        response: { 200: zPaymentRunList },
      },
    },
    async (req) => listPaymentRuns(db, requireTenant(req), req.query),
  );

  api.get(
    '/payments/expectedCash',
    {
      schema: {
        tags,
        summary: "What the company's open invoices still bring in, by the week they are due",
        querystring: zExpectedCashQuery,
        response: { 200: zExpectedCash },
      },
    },
    async (req) => expectedCash(db, requireTenant(req), req.query),
  );

  api.get(
    '/payments/discountSummary',
    {
      schema: {
        tags,
        summary: 'Early-pay discounts the company captured, missed and can still take',
        querystring: zDiscountSummaryQuery,
        response: { 200: zDiscountSummary },
      },
    },
    async (req) => discountSummary(db, requireTenant(req), req.query),
  );

  api.get(
    '/payment-runs/candidates',
    {
      schema: {
        tags,
        summary: "A vendor's approved invoices that are not paid in full",
        querystring: zPaymentRunCandidatesQuery,
        response: { 200: zPaymentRunCandidates },
      },
    },
    async (req) => listCandidates(db, requireTenant(req), req.query.partyId),
  );

  api.post(
    '/payment-runs',
    {
      schema: {
        tags,
        summary: 'Pay several approved invoices of one vendor, with one remittance advice',
        body: zPaymentRunInput,
        response: { 201: zPaymentRun },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      assertCanChangeData(ctx);
      const run = await createPaymentRun(db, { config, mailer, log: req.log }, ctx, req.body);
      return reply.status(201).send(run);
    },
  );

  api.get(
    '/payment-runs/:id',
    {
      schema: {
        tags,
        summary: 'A payment run with its invoices',
        params: idParams,
        response: { 200: zPaymentRun },
      },
    },
    async (req) => getPaymentRun(db, requireTenant(req), req.params.id),
  );

  api.get(
    '/payment-runs/:id/remittance',
    {
      schema: {
        tags,
        summary: 'The remittance advice of a payment run, as PDF or CSV',
        params: idParams,
        querystring: zRemittanceQuery,
      },
    },
    async (req, reply) => {
      const run = await getPaymentRun(db, requireTenant(req), req.params.id);
      const name = `remittance-PR-${run.id}.${req.query.format}`;
      reply.header('content-disposition', contentDisposition('attachment', name));
      reply.header('cache-control', 'private, no-store');
      if (req.query.format === 'csv')
        return reply.type('text/csv; charset=utf-8').send(remittanceCsv(run));
      return reply.type('application/pdf').send(await remittancePdf(run));
    },
  );

  api.get(
    '/early-pay-offers',
    {
      schema: {
        tags,
        summary:
          'Early-pay discounts this company offers its customers, and the ones offered to it',
        response: { 200: zEarlyPayOffers },
      },
    },
    async (req) => listOffers(db, requireTenant(req)),
  );

  api.put(
    '/early-pay-offers',
    {
      schema: {
        tags,
        summary: 'Offer a connected customer a discount for paying early (Administrators)',
        body: zEarlyPayOfferInput,
        response: { 200: zEarlyPayOffers },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      assertAdministrator(ctx);
      return saveOffer(db, ctx, req.body);
    },
  );

  api.delete(
    '/early-pay-offers/:partyId',
    {
      schema: {
        tags,
        summary: 'Stop offering the early-pay discount to a connection (Administrators)',
        params: z.object({ partyId: zIdParam }),
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      assertAdministrator(ctx);
      await removeOffer(db, ctx, req.params.partyId);
      return reply.status(204).send();
    },
  );
};
