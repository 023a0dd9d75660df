import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zCancelPublishRequest,
  zDocument,
  zDocumentAvailability,
  zDocumentQuery,
  zDocumentVersion,
  zIdParam,
  zLookupValue,
  zLookupValuesQuery,
  zResubmitQuery,
  zResubmitRequest,
  zSaveDocumentRequest,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { publishDocument } from './publish';
import { enqueueDocumentExtraction } from '../document-intelligence/jobs';
import { resubmitDocument } from './resubmit';
import * as service from './service';

const zIdParams = z.object({ id: zIdParam });
const noContent = { 204: z.null() };

/** The document screen's document calls (spec 1 §7; docs/document-screen.md). */
export const documentsRoutes: ApiModule = async (app, { db, mailer, config, blobStore, jobs }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];

  api.get(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'One document with its metadata and what the caller may do with it',
        params: zIdParams,
        querystring: zDocumentQuery,
        response: { 200: zDocument },
      },
    },
    async (req) =>
      service.getDocument(db, requireTenant(req), req.params.id, req.query, {
        mailer,
        config,
        log: req.log,
      }),
  );

  api.get(
    '/documents/:id/available',
    {
      schema: {
        tags,
        summary: 'Whether the company can still open the document (never a 404)',
        params: z.object({ id: z.string() }),
        response: { 200: zDocumentAvailability },
      },
    },
    async (req) => service.isDocumentAvailable(db, requireTenant(req), req.params.id),
  );

  api.put(
    '/documents/:id/markread',
    {
      schema: {
        tags,
        summary: 'Marks the document read for the company',
        params: zIdParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.markDocumentRead(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/documents/:id/metadata',
    {
      schema: {
        tags,
        summary: 'Saves changed metadata values (one Edit history entry per changed field)',
        params: zIdParams,
        body: zSaveDocumentRequest,
        response: { 200: zDocument },
      },
    },
    async (req) => service.saveDocumentMetadata(db, requireTenant(req), req.params.id, req.body),
  );

  api.put(
    '/documents/:id/publish',
    {
      schema: {
        tags,
        summary: 'Saves the values, validates the whole document and sends it to the receiver',
        params: zIdParams,
        body: zSaveDocumentRequest,
        response: { 200: zDocument },
      },
    },
    async (req) =>
      publishDocument(
        db,
        { mailer, config, log: req.log, blobStore },
        requireTenant(req),
        req.params.id,
        req.body,
      ),
  );

  api.post(
    '/documents/cancelPublish',
    {
      schema: {
        tags,
        summary: 'Cancels never-sent uploads (all or nothing)',
        body: zCancelPublishRequest,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.cancelPublish(db, requireTenant(req), req.body.ids);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/documents/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a document (Global users)',
        params: zIdParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.deleteDocument(db, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/documents/:id/deleteTempFile',
    {
      schema: {
        tags,
        summary: 'Removes a temporary replacement file (Replace file)',
        params: zIdParams,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.deleteTemporaryFile(db, blobStore, req.log, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/documents/:id/versions',
    {
      schema: {
        tags,
        summary: 'The versions of the document the company can see, newest first',
        params: zIdParams,
        response: { 200: z.array(zDocumentVersion) },
      },
    },
    async (req) => service.listVersions(db, requireTenant(req), req.params.id),
  );

  api.post(
    '/documents/:id/resubmit',
    {
      schema: {
        tags,
        summary:
          'Sends the corrected next version of a rejected invoice (newVersion: replacement file id; body: corrections)',
        params: zIdParams,
        querystring: zResubmitQuery,
        body: zResubmitRequest.nullish(),
        response: { 200: zDocument },
      },
    },
    async (req) => {
      const ctx = requireTenant(req);
      const version = await resubmitDocument(
        db,
        ctx,
        req.params.id,
        req.query.newVersion,
        { mailer, config, log: req.log },
        req.body ?? { metadata: [] },
      );
      // The new version is read like an upload (its file's pages are copied when already read).
      await enqueueDocumentExtraction(jobs, version.id, ctx.companyId).catch(() => undefined);
      return version;
    },
  );

  api.get(
    '/metadata/:id/lookupvalues',
    {
      schema: {
        tags,
        summary:
          "A field's allowed values (List), connections (party fields) or profiles (OrgUnit)",
        params: zIdParams,
        querystring: zLookupValuesQuery,
        response: { 200: z.array(zLookupValue) },
      },
    },
    async (req) =>
      service.listLookupValues(db, requireTenant(req), req.params.id, req.query.isThirdParty),
  );
};
