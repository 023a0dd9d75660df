import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import {
  PRICE_BOOK_LIMITS,
  priceBookMessages as msg,
  zPriceBookImportOptions,
} from '@flowline/shared';
import { AppError, badRequest } from '../../errors';
import { readCsv, type SheetRow } from './csv-reader';
import { readXlsx } from './xlsx-reader';

export interface ReceivedSheet {
  fileName: string;
  rows: () => Promise<SheetRow[]>;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What the bytes are: an XLSX is a zip; CSV is UTF-8 text; anything else is refused (415). */
export function sheetOf(fileName: string, bytes: Buffer): ReceivedSheet {
  const lower = fileName.toLowerCase();
  if (bytes.subarray(0, 4).equals(ZIP)) {
    if (!lower.endsWith('.xlsx')) throw new AppError(415, 'unsupported_file_type', msg.fileType);
    return { fileName, rows: () => readXlsx(bytes) };
  }
  if (lower.endsWith('.xlsx')) throw badRequest(msg.unreadable, 'file_unreadable');
  if (!lower.endsWith('.csv') && !lower.endsWith('.txt')) {
    throw new AppError(415, 'unsupported_file_type', msg.fileType);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(msg.unreadable, 'file_unreadable');
  }
  return { fileName, rows: async () => readCsv(text) };
}

/**
 * POST /pricebooks/import: a multipart body with `options` (JSON) and one `file` of at most 5 MB
 * (413 past it), buffered — a price book is small and has to be read whole.
 */
export async function receivePriceBookUpload(req: FastifyRequest): Promise<{
  options: z.output<typeof zPriceBookImportOptions>;
  file: { fileName: string; bytes: Buffer };
}> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_expected', msg.fileRequired);
  let options: unknown;
  let file: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: PRICE_BOOK_LIMITS.maxFileBytes, files: 1, fields: 4, parts: 5 },
    })) {
      if (part.type === 'file') {
        const fileName = (part.filename.split(/[\\/]/).pop() ?? '').slice(0, 255);
        file = { fileName, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'options') {
        try {
          options = JSON.parse(String(part.value));
        } catch {
          throw badRequest('options must be JSON', 'bad_options');
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', msg.tooLarge);
    if (code?.startsWith('FST_')) throw badRequest(msg.fileRequired, 'bad_multipart');
    throw error;
  }
  const parsed = zPriceBookImportOptions.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'options';
    throw badRequest(issue?.message ?? 'Invalid options', 'validation_error', {
      [field]: issue?.message ?? 'Invalid',
    });
  }
  if (!file || file.bytes.length === 0) throw badRequest(msg.fileRequired, 'file_required');
  return { options: parsed.data, file };
}
