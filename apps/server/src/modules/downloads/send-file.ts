import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobRange } from '../../platform/blob-store/index';

/** What a file response needs to know before a byte is read. */
export interface FileResponse {
  contentType: string;
  /** Null when `open` returns a Buffer (its length is the size); ranges need a size. */
  size: number | null;
  /** A quoted entity tag (`"<sha256>"`, or weak `W/"…"` for a rendition); null = none. */
  etag: string | null;
  disposition: string;
  /** Offer byte ranges (Accept-Ranges: bytes) and answer Range requests with 206. */
  ranges: boolean;
}

export interface SendFileHooks {
  /** Opens the bytes (the whole file, or the requested range). */
  open(range?: BlobRange): Promise<Readable | Buffer>;
  /** Runs once the bytes are open and a full (200) body is about to be sent. */
  beforeFullBody?(): Promise<void>;
}

/**
 * Sends a stored file: 304 when If-None-Match matches, 206/416 for a single byte range when
 * ranges are offered (anything else — several ranges, a stale If-Range — gets the whole file),
 * else 200. The body streams; nothing is buffered here.
 */
export async function sendFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: FileResponse,
  hooks: SendFileHooks,
) {
  // Set on the answers below only: an error (404 of a missing blob…) carries none of them.
  const fileHeaders = () => {
    reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', file.ranges ? 'bytes' : 'none');
    if (file.etag) reply.header('etag', file.etag);
    return reply;
  };

  if (file.etag && matchesAny(req.headers['if-none-match'], file.etag)) {
    return fileHeaders().status(304).send();
  }

  const range =
    file.ranges && file.size !== null ? requestedRange(req, file.size, file.etag) : null;
  if (range === 'unsatisfiable') {
    return fileHeaders()
      .status(416)
      .header('content-range', `bytes */${file.size ?? 0}`)
      .send({
        error: { message: 'The requested range is not within the file', code: 'range_invalid' },
      });
  }

  const body = await hooks.open(range ?? undefined);
  if (range) {
    return fileHeaders()
      .status(206)
      .header('content-type', safeContentType(file.contentType))
      .header('content-length', String(range.end - range.start + 1))
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-disposition', file.disposition)
      .send(body);
  }
  try {
    await hooks.beforeFullBody?.();
  } catch (error) {
    if (!Buffer.isBuffer(body)) body.destroy();
    throw error;
  }
  return fileHeaders()
    .status(200)
    .header('content-type', safeContentType(file.contentType))
    .header('content-length', String(Buffer.isBuffer(body) ? body.length : file.size))
    .header('content-disposition', file.disposition)
    .send(body);
}

/** Weak comparison (RFC 9110 §13.1.2): `W/` is ignored, `*` matches anything. */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * The one byte range asked for, clamped to the file; null = send the whole file. A Range header
 * we do not serve (other units, several ranges, malformed) is ignored, as RFC 9110 allows.
 */
function requestedRange(
  req: FastifyRequest,
  size: number,
  etag: string | null,
): BlobRange | 'unsatisfiable' | null {
  const header = req.headers.range;
  if (!header) return null;
  const ifRange = req.headers['if-range'];
  // If-Range with anything but our current (strong) tag: the file changed, send it whole.
  if (ifRange !== undefined && (ifRange !== etag || ifRange.startsWith('W/'))) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // Suffix range: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null; // invalid: ignore
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Stored types come from sniffing; anything unexpected is sent as opaque bytes. */
function safeContentType(contentType: string): string {
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(contentType)
    ? contentType
    : 'application/octet-stream';
}
