import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  zBulkReturnInput,
  zBulkReturnResult,
  zDocument,
  zEsignConsent,
  zEsignConsentInput,
  zEvidenceVerification,
  zIdParam,
  zReturnDocumentInput,
  zSignatureFieldAnswer,
  zSignatureFieldInput,
  zUserSignature,
  zUserSignatureInput,
} from '@flowline/shared';
import { requireTenant, requireUser } from '../../auth/request-context';
import { contentDisposition } from '../downloads/content-disposition';
import type { ApiModule } from '../types';
import { certificateOf } from './certificate';
import { verifyDocumentEvidence } from './evidence-service';
import {
  getConsent,
  getUserSignature,
  giveConsent,
  requestOrigin,
  returnDocument,
  returnInBulk,
  saveUserSignature,
} from './service';
import { getSignatureField, setSignatureField } from './signature-field-service';
import { loadSigningCertificate } from './signing-certificate';

/**
 * Division-order signing (issue 13; docs/signing.md): the user's stored signature, the ESIGN
 * consent, Return (signed or unsigned), the evidence check and the certificate of completion.
 */
export const signingRoutes: ApiModule = async (app, { db, config, mailer, blobStore }) => {
  // A configured certificate that cannot be read stops the start, not the first signature.
  if (config.signing.p12Path) await loadSigningCertificate(config);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['signing'];
  const params = z.object({ id: zIdParam });

  api.get(
    '/usersignatureimage/getSignatureData/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "My stored signature (another user's id is answered as not found)",
        params: z.object({ userId: zIdParam }),
        response: { 200: zUserSignature },
      },
    },
    async (req) => getUserSignature(db, requireUser(req).id, req.params.userId),
  );

  for (const method of ['post', 'put'] as const) {
    api[method](
      '/usersignatureimage',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Stores my signature (a PNG) and full name for next time',
          body: zUserSignatureInput,
          response: { 200: zUserSignature },
        },
      },
      async (req) => saveUserSignature(db, requireUser(req).id, req.body),
    );
  }

  api.get(
    '/esign/consent',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The consent to sign electronically: current version, text, when I agreed',
        response: { 200: zEsignConsent },
      },
    },
    async (req) => getConsent(db, requireUser(req).id),
  );

  api.post(
    '/esign/consent',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'I agree to sign electronically (the current version only)',
        body: zEsignConsentInput,
        response: { 200: zEsignConsent },
      },
    },
    async (req) =>
      giveConsent(
        db,
        requireUser(req).id,
        req.body.version,
        requestOrigin(req.ip, req.headers['user-agent']),
      ),
  );

  api.post(
    '/documents/:id/return',
    {
      schema: {
        tags,
        summary:
          'The owner returns a pending division order: signed (a new, digitally signed version) or unsigned',
        params,
        body: zReturnDocumentInput,
        response: { 200: zDocument },
      },
    },
    async (req) =>
      returnDocument(
        db,
        { config, mailer, blobStore, log: req.log },
        requireTenant(req),
        req.params.id,
        req.body,
        requestOrigin(req.ip, req.headers['user-agent']),
      ),
  );

  api.post(
    '/documents/return/bulk',
    {
      schema: {
        tags,
        summary:
          'The owner signs or declines (one reason) many pending division orders at once: each as if alone, each answered (docs/signing.md)',
        body: zBulkReturnInput,
        response: { 200: zBulkReturnResult },
      },
    },
    async (req) =>
      returnInBulk(
        db,
        { config, mailer, blobStore, log: req.log },
        requireTenant(req),
        req.body,
        requestOrigin(req.ip, req.headers['user-agent']),
      ),
  );

  api.get(
    '/documents/:id/signatureField',
    {
      schema: {
        tags,
        summary:
          "Where the owner signs a pending division order: the operator's box or the one found from its words (null: none)",
        params,
        response: { 200: zSignatureFieldAnswer },
      },
    },
    async (req) => getSignatureField(db, blobStore, requireTenant(req), req.params.id, req.log),
  );

  api.put(
    '/documents/:id/signatureField',
    {
      schema: {
        tags,
        summary:
          'The operator places the signature field of a pending division order (until the owner returns it)',
        params,
        body: zSignatureFieldInput,
        response: { 200: zSignatureFieldAnswer },
      },
    },
    async (req) => setSignatureField(db, blobStore, requireTenant(req), req.params.id, req.body),
  );

  api.get(
    '/documents/:id/evidence/verify',
    {
      schema: {
        tags,
        summary: "Recomputes the document's evidence chain and the stored files' hashes",
        params,
        response: { 200: zEvidenceVerification },
      },
    },
    async (req) =>
      (await verifyDocumentEvidence(db, blobStore, requireTenant(req), req.params.id)).verification,
  );

  api.get(
    '/documents/:id/certificate',
    {
      schema: {
        tags,
        summary: 'The certificate of completion (PDF) of a signed or returned document',
        params,
      },
    },
    async (req, reply) => {
      const { pdf, fileName } = await certificateOf(
        db,
        blobStore,
        config,
        requireTenant(req),
        req.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
