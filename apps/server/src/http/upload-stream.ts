import { PdfActiveContentScanner } from './pdf-active-scan';

/**
 * Pieces shared by the streaming upload readers (documents, attachments; legal documents follow
 * the same pattern): the file's bytes pass through once, counted and sniffed on the way to the
 * blob store, so memory stays constant whatever the file size.
 */

export interface InspectOptions<T> {
  maxBytes: number;
  /** How many leading bytes the sniffer needs (a shorter file is sniffed when it ends). */
  sniffBytes: number;
  /** The recognised type, or null when the content is not accepted. */
  sniff: (head: Buffer) => T | null;
  tooLarge: () => Error;
  wrongType: () => Error;
  /** Keeps a copy of the bytes while the file is at most this large (e.g. to count PDF pages). */
  keepUpTo?: number;
}

export interface Inspection<T> {
  type?: T;
  size: number;
  /** The whole file when it was at most keepUpTo bytes. */
  kept?: Buffer;
  /** The first and the last SAMPLE_BYTES (for opening a header or a trailer). */
  head?: Buffer;
  tail?: Buffer;
  /**
   * A PDF active-content marker seen anywhere in the bytes, raw or in a compressed object
   * stream (pdf-active-scan.ts).
   */
  activeContent?: string;
  /** A compressed object stream could not be inflated and checked (pdf-active-scan.ts). */
  uncheckedObjectStream?: boolean;
}

const SAMPLE_BYTES = 256 * 1024;

const BLOCK_BYTES = 64 * 1024;

/**
 * The last `size` bytes of a stream, copied into 64 KB blocks: constant work per byte whatever
 * the chunks' sizes (a client sending tiny chunks must not make each one copy 256 KB), and no
 * reference kept to the network's own buffers.
 */
class TailWindow {
  private blocks: Buffer[] = [];
  private current = Buffer.allocUnsafe(BLOCK_BYTES);
  private used = 0;

  constructor(private readonly size: number) {}

  push(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      const copied = chunk.copy(this.current, this.used, from);
      this.used += copied;
      from += copied;
      if (this.used === BLOCK_BYTES) {
        this.blocks.push(this.current);
        if ((this.blocks.length - 1) * BLOCK_BYTES >= this.size) this.blocks.shift();
        this.current = Buffer.allocUnsafe(BLOCK_BYTES);
        this.used = 0;
      }
    }
  }

  bytes(): Buffer {
    return Buffer.concat([...this.blocks, this.current.subarray(0, this.used)]).subarray(
      -this.size,
    );
  }
}

/**
 * Passes the bytes through, failing the stream as soon as it is too large or its first bytes are
 * not an accepted type. `seen` is filled while the bytes flow.
 */
export async function* inspectStream<T>(
  source: AsyncIterable<Buffer>,
  opts: InspectOptions<T>,
  seen: Inspection<T>,
): AsyncGenerator<Buffer> {
  let head: Buffer[] = [];
  let headLength = 0;
  let kept: Buffer[] | null = opts.keepUpTo ? [] : null;
  const check = (buffer: Buffer) => {
    const type = opts.sniff(buffer);
    if (type === null) throw opts.wrongType();
    seen.type = type;
  };
  const keep = (chunk: Buffer) => {
    if (!kept) return;
    if (seen.size > (opts.keepUpTo ?? 0)) kept = null;
    else kept.push(chunk);
  };
  const headSample: Buffer[] = [];
  let headSampleLength = 0;
  const tailSample = new TailWindow(SAMPLE_BYTES);
  const sample = (chunk: Buffer) => {
    if (headSampleLength < SAMPLE_BYTES) {
      const piece = chunk.subarray(0, SAMPLE_BYTES - headSampleLength);
      headSample.push(Buffer.from(piece));
      headSampleLength += piece.length;
    }
    tailSample.push(chunk);
  };
  const activeScan = new PdfActiveContentScanner();
  seen.size = 0;
  for await (const chunk of source) {
    seen.size += chunk.length;
    if (seen.size > opts.maxBytes) throw opts.tooLarge();
    keep(chunk);
    sample(chunk);
    await activeScan.push(chunk);
    if (seen.type !== undefined) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headLength += chunk.length;
    if (headLength >= opts.sniffBytes) {
      const buffer = Buffer.concat(head);
      head = [];
      check(buffer);
      yield buffer;
    }
  }
  if (seen.type === undefined) {
    const buffer = Buffer.concat(head);
    check(buffer);
    yield buffer;
  }
  await activeScan.end();
  seen.activeContent = activeScan.found;
  seen.uncheckedObjectStream = activeScan.unchecked || undefined;
  if (kept) seen.kept = Buffer.concat(kept);
  seen.head = Buffer.concat(headSample);
  seen.tail = tailSample.bytes();
}

/**
 * Browsers send a bare name (old ones a full path) with `"` escaped as %22 (HTML's multipart
 * rules); control characters never belong in a name. Cut to `maxLength` keeping the extension.
 */
export function cleanUploadFileName(raw: string, maxLength = 255): string {
  const name =
    (raw.split(/[\\/]/).pop() ?? '')
      .replaceAll('%22', '"')
      // C0 and C1 controls, and the bidirectional overrides that make 'invoice‮fdp.exe' read
      // as 'invoiceexe.pdf' in a list.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim() || 'document';
  if (name.length <= maxLength) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, maxLength - ext.length) + ext;
}
