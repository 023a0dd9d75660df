import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zDivisionOrderIdsInput,
  zDivisionOrderListQuery,
  zDivisionOrderPage,
  zDivisionOrderSettings,
  zRemindResult,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { contentDisposition } from '../downloads/content-disposition';
import type { ApiModule } from '../types';
import {
  exportCsv,
  getSettings,
  listDivisionOrders,
  remind,
  setSettings,
  signedZip,
} from './service';

/**
 * The operator's division-order analyst's view (issue 31 item 4; docs/signing.md): the sent
 * pending division orders with their responses, reminders, the CSV export and the setting.
 */
export const divisionOrderRoutes: ApiModule = async (app, { db, config, mailer, blobStore }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['division orders'];

  api.get(
    '/division-orders/responses',
    {
      schema: {
        tags,
        summary:
          'My sent pending division orders: Signed / Unsigned / Awaiting, the decline reason, days outstanding (filtered, paged)',
        querystring: zDivisionOrderListQuery,
        response: { 200: zDivisionOrderPage },
      },
    },
    async (req) => listDivisionOrders(db, requireTenant(req), req.query),
  );

  api.get(
    '/division-orders/responses.csv',
    {
      schema: {
        tags,
        summary: 'Every sent pending division order matching the filters, as CSV (streamed)',
        querystring: zDivisionOrderListQuery,
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `division-order-responses-${day}.csv`),
        )
        .header('cache-control', 'private, no-store')
        .send(exportCsv(db, ctx, req.query));
    },
  );

  api.post(
    '/division-orders/remind',
    {
      schema: {
        tags,
        summary:
          'Reminds the owners of the given orders still awaiting (mail and notification); at most once a day each',
        body: zDivisionOrderIdsInput,
        response: { 200: zRemindResult },
      },
    },
    async (req) => remind(db, { config, mailer, log: req.log }, requireTenant(req), req.body.ids),
  );

  api.post(
    '/division-orders/signed.zip',
    {
      schema: {
        tags,
        summary:
          'The selected orders returned signed, as one zip: each signed PDF and its certificate of completion (streamed)',
        body: zDivisionOrderIdsInput,
      },
    },
    async (req, reply) => {
      const zip = await signedZip(db, blobStore, config, req.log, requireTenant(req), req.body.ids);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          contentDisposition('attachment', `signed-division-orders-${day}.zip`),
        )
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );

  api.get(
    '/division-orders/settings',
    {
      schema: {
        tags,
        summary: 'Automatic reminders: after how many days (null: off)',
        response: { 200: zDivisionOrderSettings },
      },
    },
    async (req) => getSettings(db, requireTenant(req).companyId),
  );

  api.put(
    '/division-orders/settings',
    {
      schema: {
        tags,
        summary: 'Sets the automatic reminders (Administrators)',
        body: zDivisionOrderSettings,
        response: { 200: zDivisionOrderSettings },
      },
    },
    async (req) => setSettings(db, requireTenant(req), req.body),
  );
};
