import type { Readable } from 'node:stream';
import { inboundEmailMessages as msg, pidxLimits } from '@flowline/shared';
import { mapPidxInvoice, type PidxInvoice } from '../pidx/map';
import { stripCid } from '../pidx/service';
import { parsePidxXml, PidxXmlError } from '../pidx/xml';

/**
 * A PIDX invoice attached to a mail (issue 30 item 3; docs/inbound-email.md 'PIDX attachments'):
 * read to memory up to the PIDX size limit (the rest is drained, never kept), then parsed with
 * the same hostile-XML guards and mapping as `POST /api/pidx/invoices`.
 */

const XML_CONTENT_TYPES = new Set(['application/xml', 'text/xml']);

/** XML is told by its declared type or name; its bytes are then checked to be a PIDX invoice. */
export function isXmlAttachment(part: { contentType?: string; filename?: string }): boolean {
  return (
    XML_CONTENT_TYPES.has((part.contentType ?? '').toLowerCase()) ||
    /\.xml$/i.test(part.filename ?? '')
  );
}

export type PidxReading = { invoice: PidxInvoice } | { refusal: string };

export async function readPidxAttachment(
  content: Readable,
  fileName: string,
): Promise<PidxReading> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= pidxLimits.maxXmlBytes) chunks.push(chunk);
  }
  const invalid = (reason: string) => ({ refusal: msg.invalidPidx(fileName, reason) });
  if (size > pidxLimits.maxXmlBytes) return invalid(`larger than ${pidxLimits.maxXmlBytes} bytes`);
  try {
    const mapped = mapPidxInvoice(parsePidxXml(Buffer.concat(chunks).toString('utf8')));
    const [first] = mapped.problems;
    if (!mapped.invoice) return invalid(first ? `${first.path}: ${first.message}` : 'not PIDX');
    return { invoice: mapped.invoice };
  } catch (error) {
    if (error instanceof PidxXmlError) {
      return invalid(`${error.problem.path}: ${error.problem.message}`);
    }
    throw error;
  }
}

export interface MailedFile {
  /** The MIME part's Content-ID and file name, either of which a PIDX location may name. */
  ids: string[];
  isPdf: boolean;
}

/**
 * The attached files each PIDX invoice references (`cid:…` or the file name), by index into
 * `files`; a reference to a file that is not in the mail, or not a PDF, is a refusal.
 */
export function matchPidxReferences(
  invoice: PidxInvoice,
  files: MailedFile[],
  fileName: string,
): { indexes: number[] } | { refusal: string } {
  const indexes: number[] = [];
  for (const location of invoice.attachmentLocations) {
    const id = stripCid(location);
    const index = files.findIndex((f) => f.ids.some((candidate) => candidate === id));
    const file = files[index];
    if (!file) return { refusal: msg.pidxAttachmentMissing(fileName, location) };
    if (!file.isPdf) return { refusal: msg.pidxAttachmentNotPdf(fileName, location) };
    if (!indexes.includes(index)) indexes.push(index);
  }
  return { indexes };
}
