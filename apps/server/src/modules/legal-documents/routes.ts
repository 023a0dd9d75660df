import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zIdParam,
  zLegalDocument,
  zLegalDocumentDetailsUpdate,
  zLegalDocumentPage,
  zLegalDocumentSearch,
  zShareablePartiesQuery,
  zShareablePartyPage,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { attachmentDisposition } from './presenter';
import * as service from './service';
import { receiveUpload } from './upload-reader';

const zIdParams = z.object({ id: zIdParam });

/** Legal documents (spec 3 §7), Administrators only; see docs/logo-and-legal-documents.md. */
export const legalDocumentsRoutes: ApiModule = async (app, { db, blobStore }) => {
  // Multipart only in this plugin's scope: uploads stream, the global 1 MB JSON limit stays.
  // The reader counts bytes itself and reports 413, so busboy's limit only truncates.
  await app.register(multipart, { throwFileSizeLimit: false });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['legal documents'];

  api.post(
    '/legaldocuments/upload',
    {
      schema: {
        tags,
        summary: 'Uploads a legal document: multipart `file` + `detailsDto` (JSON string)',
        consumes: ['multipart/form-data'],
        response: { 201: zLegalDocument },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      const created = await service.uploadLegalDocument(db, blobStore, ctx, () =>
        receiveUpload(req, blobStore, ctx.companyId),
      );
      return reply.status(201).send(created);
    },
  );

  api.post(
    '/legaldocuments/search',
    {
      schema: {
        tags,
        summary: 'A page of the legal documents of one type, newest first',
        body: zLegalDocumentSearch,
        response: { 200: zLegalDocumentPage },
      },
    },
    async (req) => service.searchLegalDocuments(db, requireTenant(req), req.body),
  );

  api.get(
    '/legaldocuments/shareableParties',
    {
      schema: {
        tags,
        summary: 'Connected connections a legal document can be shared with, by name',
        querystring: zShareablePartiesQuery,
        response: { 200: zShareablePartyPage },
      },
    },
    async (req) => service.listShareableParties(db, requireTenant(req), req.query),
  );

  api.get(
    '/legaldocuments/:id',
    {
      schema: {
        tags,
        summary: 'One legal document',
        params: zIdParams,
        response: { 200: zLegalDocument },
      },
    },
    async (req) => service.getLegalDocument(db, requireTenant(req), req.params.id),
  );

  api.put(
    '/legaldocuments/:id/details',
    {
      schema: {
        tags,
        summary: 'Changes privacy and activity; adds connections to share with',
        params: zIdParams,
        body: zLegalDocumentDetailsUpdate,
        response: { 200: zLegalDocument },
      },
    },
    async (req) =>
      service.updateLegalDocumentDetails(db, requireTenant(req), req.params.id, req.body),
  );

  api.delete(
    '/legaldocuments/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a legal document and its file',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.deleteLegalDocument(db, blobStore, req.log, requireTenant(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/legaldocuments/:id/download',
    {
      schema: {
        tags,
        summary: 'The file, as an attachment (bytes exactly as uploaded)',
        params: zIdParams,
        produces: ['application/octet-stream'],
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      const { row, stream } = await service.openLegalDocumentFile(
        db,
        blobStore,
        ctx,
        req.params.id,
      );
      return reply
        .header('content-type', row.contentType)
        .header('content-length', String(row.fileSize))
        .header('content-disposition', attachmentDisposition(row.fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
