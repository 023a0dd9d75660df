import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { LOGO_MAX_BYTES, LOGO_MAX_FILE_NAME_LENGTH, logoMessages } from '@flowline/shared';
import { AppError, badRequest } from '../../errors';
import type { ReceivedLogo } from './service';

/**
 * Reads the one file of POST /companyImage/upload, enforcing the name and size limits with the
 * spec's messages. A logo is at most 5 MB and has to be decoded whole anyway, so it is buffered.
 */
export async function receiveLogo(req: FastifyRequest): Promise<ReceivedLogo> {
  if (!req.isMultipart()) throw new AppError(415, 'multipart_expected', logoMessages.notAnImage);
  const part = await req.file({
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 2 },
  });
  if (!part) throw badRequest(logoMessages.oneFile, 'file_required');
  // Old browsers send a full path; only the name counts.
  const fileName = part.filename.split(/[\\/]/).pop() ?? '';
  if (fileName.length > LOGO_MAX_FILE_NAME_LENGTH) {
    part.file.resume();
    throw badRequest(logoMessages.fileNameTooLong, 'file_name_too_long');
  }
  try {
    return { fileName, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'file_too_large', logoMessages.tooLarge);
    }
    throw error;
  }
}
