import zlib from 'node:zlib';

/**
 * Raw markers of PDF active content, long enough never to occur by chance in compressed data:
 * JavaScript actions and name trees, Launch actions, javascript: links (issue 28 item 8).
 */
const ACTIVE_MARKER = /\/JavaScript\b|\/Launch\b|javascript:/i;
const MARKER_OVERLAP = 16;
/** How far from '/ObjStm' the dictionary's start and its `stream` keyword may be. */
const DICT_WINDOW = 4096;
const END_STREAM = 'endstream';
/**
 * Object streams are small (a few hundred objects); a file whose object streams inflate to more
 * than this is a decompression bomb, not an invoice, and is not checked further.
 */
const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/** Scans latin1 text across chunk borders for an active-content marker. */
class MarkerScan {
  found?: string;
  private carry = '';

  push(text: string): void {
    if (this.found) return;
    const joined = this.carry + text;
    const match = ACTIVE_MARKER.exec(joined);
    if (match) this.found = match[0];
    this.carry = joined.slice(-MARKER_OVERLAP);
  }
}

/**
 * Watches a PDF's bytes as they stream past, once, in constant memory, for active content —
 * in the raw bytes, and inside compressed object streams (PDF 1.5 packs dictionaries, actions
 * included, into Flate-compressed `/Type /ObjStm` streams, where no raw marker shows). Files
 * small enough to parse are also checked by pdf-lib (content-check.ts); this is what judges
 * the large ones.
 */
export class PdfActiveContentScanner {
  /** The marker found, raw or inflated. */
  get found(): string | undefined {
    return this.raw.found ?? this.inflated.found;
  }
  /**
   * An object stream that could not be inflated and checked: another filter than Flate, a
   * predictor, corrupt data, or more than MAX_INFLATED_BYTES inflated.
   */
  unchecked = false;

  private readonly raw = new MarkerScan();
  private readonly inflated = new MarkerScan();
  /** Raw text from an '/ObjStm' whose `stream` keyword has not been seen yet. */
  private dict: string | null = null;
  /**
   * The last chunks, at least DICT_WINDOW bytes of them: where an object's dictionary begins
   * when '/ObjStm' shows up (kept as buffers, so tiny chunks cost no copying).
   */
  private recent: Buffer[] = [];
  private recentLength = 0;
  private edge = '';
  private inflater: zlib.Inflate | null = null;
  private inflaterDone: Promise<void> | null = null;
  /** Bytes of an object stream held back in case they begin 'endstream'. */
  private heldBack = Buffer.alloc(0);
  private inflatedBytes = 0;

  async push(chunk: Buffer): Promise<void> {
    if (this.found || this.unchecked) return;
    if (this.inflater) return this.pushStreamData(chunk);
    const text = chunk.toString('latin1');
    this.raw.push(text);
    if (this.found) return;
    await this.findObjectStream(chunk, text);
  }

  /** Remembers a chunk; answers the remembered bytes as text when asked. */
  private remember(chunk: Buffer): void {
    this.recent.push(chunk);
    this.recentLength += chunk.length;
    while (this.recent.length > 1 && this.recentLength - this.recent[0]!.length >= DICT_WINDOW)
      this.recentLength -= this.recent.shift()!.length;
  }

  async end(): Promise<void> {
    if (this.inflater) await this.finishStream();
  }

  private async findObjectStream(chunk: Buffer, text: string): Promise<void> {
    let rest: string;
    if (this.dict !== null) rest = this.dict + text;
    else {
      this.remember(chunk);
      // '/ObjStm' may begin in an earlier chunk: look from the 7 characters before this one.
      const edge = this.edge + text;
      this.edge = edge.slice(-7);
      if (!edge.includes('/ObjStm')) return;
      const joined = Buffer.concat(this.recent).toString('latin1');
      const at = joined.indexOf('/ObjStm', Math.max(0, joined.length - edge.length));
      // From the object's start: the dictionary's /Filter may come before /Type /ObjStm.
      rest = joined.slice(Math.max(joined.lastIndexOf('obj', at), at - DICT_WINDOW, 0));
      this.recent = [];
      this.recentLength = 0;
      this.edge = '';
    }
    const keyword = /(?<!end)stream(\r\n|\n|\r)/.exec(rest);
    if (!keyword) {
      // The dictionary goes on in the next chunk (bounded: a dictionary is not kilobytes long).
      this.dict = rest.length <= 2 * DICT_WINDOW ? rest : null;
      return;
    }
    this.dict = null;
    const dictionary = rest.slice(0, keyword.index);
    const dataStart = keyword.index + keyword[0].length;
    const filters =
      dictionary.match(
        /\/(FlateDecode|Fl|ASCIIHexDecode|AHx|ASCII85Decode|A85|LZWDecode|LZW|RunLengthDecode|RL)\b/g,
      ) ?? [];
    const afterData = Buffer.from(rest.slice(dataStart), 'latin1');
    if (filters.length === 0) {
      // Not compressed: its bytes are scanned as raw ones.
      return this.push(afterData);
    }
    if (
      filters.length > 1 ||
      !/^\/(FlateDecode|Fl)$/.test(filters[0]!) ||
      /\/DecodeParms/.test(dictionary)
    ) {
      this.unchecked = true;
      return;
    }
    this.startStream();
    await this.pushStreamData(afterData);
  }

  private startStream(): void {
    const inflater = zlib.createInflate();
    this.inflater = inflater;
    this.heldBack = Buffer.alloc(0);
    inflater.on('data', (out: Buffer) => {
      this.inflatedBytes += out.length;
      if (this.inflatedBytes > MAX_INFLATED_BYTES) {
        this.unchecked = true;
        inflater.destroy();
        return;
      }
      this.inflated.push(out.toString('latin1'));
    });
    this.inflaterDone = new Promise((resolve) => {
      inflater.once('end', resolve);
      inflater.once('close', resolve);
      inflater.once('error', () => {
        // Bytes after the compressed data's end (the EOL before 'endstream') are no error;
        // anything else means the stream cannot be checked.
        if (!this.found) this.unchecked = true;
        resolve();
      });
    });
  }

  private async pushStreamData(chunk: Buffer): Promise<void> {
    const data = this.heldBack.length ? Buffer.concat([this.heldBack, chunk]) : chunk;
    const end = data.indexOf(END_STREAM, 0, 'latin1');
    if (end < 0) {
      const keep = Math.min(END_STREAM.length - 1, data.length);
      this.heldBack = Buffer.from(data.subarray(data.length - keep));
      await this.write(data.subarray(0, data.length - keep));
      return;
    }
    await this.write(data.subarray(0, end));
    await this.finishStream();
    await this.push(data.subarray(end + END_STREAM.length));
  }

  private write(bytes: Buffer): Promise<void> {
    const inflater = this.inflater;
    if (!inflater || bytes.length === 0 || inflater.destroyed) return Promise.resolve();
    // A corrupt stream errors without calling back for the write: the end settles it too.
    const written = new Promise<void>((resolve) => inflater.write(bytes, () => resolve()));
    return Promise.race([written, this.inflaterDone ?? written]);
  }

  private async finishStream(): Promise<void> {
    const inflater = this.inflater;
    if (!inflater) return;
    this.inflater = null;
    this.heldBack = Buffer.alloc(0);
    if (!inflater.destroyed) inflater.end();
    await this.inflaterDone;
    this.inflaterDone = null;
  }
}
