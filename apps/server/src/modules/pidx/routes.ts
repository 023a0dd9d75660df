import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pidxLimits,
  pidxMessages,
  zIdParam,
  zPidxInvoiceQuery,
  zPidxInvoiceResult,
} from '@flowline/shared';
import { requireTenant } from '../../auth/request-context';
import { AppError } from '../../errors';
import type { ApiModule } from '../types';
import { pidxInvoiceResponse } from './response';
import { receivePidxInvoice, refused, type PidxAttachmentPart } from './service';

/** PIDX invoices in and their status back (issue 30 items 1, 2; docs/pidx.md). */

const XML_TYPES = ['application/xml', 'text/xml'];
/** The whole multipart body: the XML and its PDFs, with room for the part headers. */
const MULTIPART_MAX_BYTES =
  pidxLimits.maxXmlBytes + pidxLimits.maxAttachments * pidxLimits.maxAttachmentBytes + 64 * 1024;

const tooLarge = () =>
  new AppError(413, 'body_too_large', 'The PIDX message (XML and attachments) is too large.');

/** Reads a part to memory, refusing it past the limit without buffering the rest. */
async function readLimited(stream: AsyncIterable<Buffer>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function readMultipart(req: FastifyRequest) {
  let xml: string | null = null;
  const attachments: PidxAttachmentPart[] = [];
  const parts = req.parts({
    limits: {
      fileSize: pidxLimits.maxAttachmentBytes + 1,
      files: pidxLimits.maxAttachments + 1,
      fields: 4,
      fieldSize: pidxLimits.maxXmlBytes,
      parts: pidxLimits.maxAttachments + 5,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'invoice' && typeof part.value === 'string') xml = part.value;
        continue;
      }
      if (part.fieldname === 'invoice') {
        xml = (await readLimited(part.file, pidxLimits.maxXmlBytes)).toString('utf8');
        continue;
      }
      const bytes = await readLimited(part.file, pidxLimits.maxAttachmentBytes);
      if (part.file.truncated) throw tooLarge();
      // A cid: names the part by its field name or its file name (form-data parts carry no
      // Content-ID that busboy reports).
      attachments.push({
        ids: [part.fieldname, part.filename].filter(Boolean),
        fileName: part.filename || `${part.fieldname}.pdf`,
        bytes,
      });
    }
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(
        413,
        'too_many_parts',
        `At most ${pidxLimits.maxAttachments} attachments.`,
      );
    }
    throw error;
  }
  if (xml === null) throw refused([{ path: 'invoice', message: pidxMessages.missingInvoicePart }]);
  return { xml, attachments };
}

export const pidxRoutes: ApiModule = async (app, { db, blobStore, mailer, config }) => {
  // Only in this plugin's scope: XML as a string (bounded by the route's body limit) and
  // multipart for the XML with its PDFs.
  app.addContentTypeParser(XML_TYPES, { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  await app.register(multipart, { throwFileSizeLimit: false });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pidx'];

  api.post(
    '/pidx/invoices',
    {
      bodyLimit: MULTIPART_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Receives a PIDX v1.0 pidx:Invoice (application/xml, or multipart: part `invoice` + the PDFs it references by cid:) and sends it as an AR invoice',
        consumes: [...XML_TYPES, 'multipart/form-data'],
        querystring: zPidxInvoiceQuery,
        response: { 201: zPidxInvoiceResult },
      },
    },
    async (req, reply) => {
      const ctx = requireTenant(req);
      try {
        let submission: { xml: string; attachments: PidxAttachmentPart[] };
        if (req.isMultipart()) submission = await readMultipart(req);
        else if (typeof req.body === 'string') {
          if (Buffer.byteLength(req.body) > pidxLimits.maxXmlBytes) throw tooLarge();
          submission = { xml: req.body, attachments: [] };
        } else {
          throw new AppError(
            415,
            'unsupported_media_type',
            'Send the PIDX invoice as application/xml or multipart/form-data.',
          );
        }
        const result = await receivePidxInvoice(
          db,
          { blobStore, mailer, config, log: req.log },
          ctx,
          {
            ...submission,
            send: req.query.send === 'true',
            confirmDuplicate: req.query.confirmDuplicate === 'true',
          },
        );
        return await reply.status(201).send(result);
      } catch (error) {
        if (!req.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  api.get(
    '/pidx/invoices/:documentId/response',
    {
      schema: {
        tags,
        summary:
          "The receiver's state of the caller's invoice as a PIDX pidx:InvoiceResponse (Accepted, Approved, Rejected with the reason, Paid)",
        params: z.object({ documentId: zIdParam }),
        produces: ['application/xml'],
      },
    },
    async (req, reply) => {
      const xml = await pidxInvoiceResponse(db, requireTenant(req), req.params.documentId);
      return reply.type('application/xml; charset=utf-8').send(xml);
    },
  );
};
