import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zAutoExtractionRequest,
  zAutoExtractionResult,
  zDocumentTypeSuggestion,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import type { ApiModule } from '../types';
import { autoExtractForCaller, detectUploadedType } from './suggestion-service';

/**
 * What document intelligence proposes (issue 14 items 4 and 5; docs/document-intelligence.md):
 * values for a document's fields, and the type of a file about to be sent.
 */
export const documentSuggestionRoutes: ApiModule = async (app, { db, config }) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['document intelligence'];
  await app.register(multipart);

  api.post(
    '/autoextraction',
    {
      schema: {
        tags,
        summary:
          "Proposes values for the document's empty fields from its read pages and fills them (never a value a user gave)",
        body: zAutoExtractionRequest,
        response: { 200: zAutoExtractionResult },
      },
    },
    async (req) => autoExtractForCaller(db, requireTenant(req), req.body),
  );

  api.post(
    '/documentType/detect',
    {
      // Reading a scan takes a second or two of CPU: a person picks a few files a minute.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Suggests the document type of a file (multipart `file`; flag ai-doctype-detection-and-extraction)',
        consumes: ['multipart/form-data'],
        response: { 200: zDocumentTypeSuggestion },
      },
    },
    async (req) => detectUploadedType(db, requireTenant(req), req, config.featureFlags),
  );
};
