import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zHistoryDetails,
  zHistoryEntry,
  zHistoryQuery,
  zIdParam,
  zRejectionReason,
  zReturnReason,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import * as service from './service';

/** GET /history/* (spec 1 §7 History). There is deliberately no call that edits or deletes. */
// Every route here only reads: a caught-up replica may answer (docs/read-replicas.md).
export const documentHistoryRoutes: ApiModule = async (app, { readDb: db }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['history'];

  api.get(
    '/history/document/:id',
    {
      schema: {
        tags,
        summary: 'The history of a document, newest first; category = Edit | Workflow | Read',
        params: z.object({ id: zIdParam }),
        querystring: zHistoryQuery,
        response: { 200: z.array(zHistoryEntry) },
      },
    },
    async (req) =>
      service.listDocumentHistory(db, requireTenant(req), req.params.id, req.query.category),
  );

  api.get(
    '/history/document/:id/rejectionReason',
    {
      schema: {
        tags,
        summary: 'The reason given with the latest rejection (null when never rejected)',
        params: z.object({ id: zIdParam }),
        response: { 200: zRejectionReason },
      },
    },
    async (req) => service.getRejectionReason(db, requireTenant(req), req.params.id),
  );

  api.get(
    '/history/document/:id/disputeComment',
    {
      schema: {
        tags,
        summary: 'The comment given with the latest Dispute (null when never disputed)',
        params: z.object({ id: zIdParam }),
        response: { 200: zRejectionReason },
      },
    },
    async (req) => service.getDisputeComment(db, requireTenant(req), req.params.id),
  );

  api.get(
    '/history/document/:id/returnReason',
    {
      schema: {
        tags,
        summary: 'The reason given with the latest Return unsigned (null when none was given)',
        params: z.object({ id: zIdParam }),
        response: { 200: zReturnReason },
      },
    },
    async (req) => service.getReturnReason(db, requireTenant(req), req.params.id),
  );

  api.get(
    '/history/:objectId/details/:historyId',
    {
      schema: {
        tags,
        summary: 'The details of one history entry of the document objectId',
        params: z.object({ objectId: zIdParam, historyId: zIdParam }),
        response: { 200: zHistoryDetails },
      },
    },
    async (req) =>
      service.getHistoryDetails(db, requireTenant(req), req.params.objectId, req.params.historyId),
  );
};
