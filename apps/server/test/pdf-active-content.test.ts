// Issue 28 item 8: a PDF too large to be parsed in memory is still refused when its raw bytes
// carry an active-content marker (the upload stream scans every chunk, across chunk borders).
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPdf } from '../src/http/content-check';
import { inspectStream, type Inspection } from '../src/http/upload-stream';
import { pdfWithActiveContent } from './helpers/document-files';

async function inspect(data: Buffer, chunkSize: number) {
  const seen: Inspection<string> = { size: 0 };
  const chunks = async function* () {
    for (let at = 0; at < data.length; at += chunkSize) yield data.subarray(at, at + chunkSize);
  };
  for await (const piece of inspectStream(
    chunks(),
    {
      maxBytes: 64 * 1024 * 1024,
      sniffBytes: 8,
      sniff: () => 'pdf',
      tooLarge: () => new Error('too large'),
      wrongType: () => new Error('wrong type'),
      keepUpTo: 1024, // not kept: only the stream's scan and the trailer are there to judge
    },
    seen,
  ))
    void piece;
  return seen;
}

describe('PDF active content in large uploads', () => {
  it.each(['javascript', 'launch', 'javascript-uri'] as const)(
    'refuses a 5 MB PDF with a %s action, the marker split over two chunks',
    async (kind) => {
      const data = await pdfWithActiveContent(kind, { padTo: 5 * 1024 * 1024 });
      const marker = /\/JavaScript|\/Launch|javascript:/.exec(data.toString('latin1'))!;
      // Chunks that cut the marker in two.
      const seen = await inspect(data, marker.index + 3);
      expect(seen.kept).toBeUndefined();
      await expect(
        checkPdf({
          whole: null,
          head: seen.head!,
          tail: seen.tail!,
          activeContent: seen.activeContent,
        }),
      ).rejects.toMatchObject({ status: 415, code: 'pdf_active_content' });
    },
  );

  it('passes a large PDF without such markers', async () => {
    const data = await pdfWithActiveContent('https-uri', { padTo: 5 * 1024 * 1024 });
    const seen = await inspect(data, 64 * 1024);
    expect(seen.activeContent).toBeUndefined();
    await expect(
      checkPdf({ whole: null, head: seen.head!, tail: seen.tail! }),
    ).resolves.toBeUndefined();
  });

  // The gap left in session 15: PDF 1.5 packs dictionaries (actions included) into
  // Flate-compressed object streams, where no raw marker shows.
  it.each(['javascript', 'launch', 'javascript-uri'] as const)(
    'refuses a 5 MB PDF whose %s action sits in a compressed object stream, at any chunk size',
    async (kind) => {
      const data = await pdfWithActiveContent(kind, { compressed: true, padTo: 5 * 1024 * 1024 });
      expect(/\/JavaScript|\/Launch|javascript:/.test(data.toString('latin1'))).toBe(false);
      expect(data.toString('latin1')).toContain('/ObjStm');
      // Chunk sizes that cut '/ObjStm', 'stream', the compressed data and 'endstream' anywhere.
      for (const chunkSize of [7, 4099, 64 * 1024, 1024 * 1024 + 3]) {
        const seen = await inspect(data, chunkSize);
        expect(seen.activeContent, `chunks of ${chunkSize}`).toBeTruthy();
        await expect(
          checkPdf({
            whole: null,
            head: seen.head!,
            tail: seen.tail!,
            activeContent: seen.activeContent,
            uncheckedObjectStream: seen.uncheckedObjectStream,
          }),
        ).rejects.toMatchObject({ status: 415, code: 'pdf_active_content' });
      }
    },
  );

  it('passes a large PDF with compressed object streams and no active content', async () => {
    const data = await pdfWithActiveContent('https-uri', {
      compressed: true,
      padTo: 5 * 1024 * 1024,
    });
    expect(data.toString('latin1')).toContain('/ObjStm');
    const seen = await inspect(data, 64 * 1024);
    expect(seen.activeContent).toBeUndefined();
    expect(seen.uncheckedObjectStream).toBeUndefined();
    await expect(
      checkPdf({ whole: null, head: seen.head!, tail: seen.tail! }),
    ).resolves.toBeUndefined();
  });

  it('refuses a large PDF whose object stream cannot be checked (another filter, or corrupt)', async () => {
    const large = await pdfWithActiveContent('https-uri', { padTo: 5 * 1024 * 1024 });
    const at = large.indexOf('\n') + 1; // after the header line
    const objStm = (dictionary: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `99 0 obj\n<< /Type /ObjStm /N 1 /First 5 ${dictionary} /Length ${data.length} >>\nstream\n`,
          'latin1',
        ),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]);
    const insert = (object: Buffer) =>
      Buffer.concat([large.subarray(0, at), object, large.subarray(at)]);
    const hidden = Buffer.from('1 0 << /S /JavaScript /JS (app.alert(1)) >>', 'latin1');
    const lzw = insert(objStm('/Filter /LZWDecode', Buffer.from(hidden.map((b) => b ^ 0x55))));
    const corrupt = insert(objStm('/Filter /FlateDecode', Buffer.from('not deflate data at all')));
    const predictor = insert(
      objStm(
        '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>',
        zlib.deflateSync(hidden),
      ),
    );
    for (const file of [lzw, corrupt, predictor]) {
      const seen = await inspect(file, 64 * 1024);
      expect(seen.uncheckedObjectStream).toBe(true);
      await expect(
        checkPdf({ whole: null, head: seen.head!, tail: seen.tail!, uncheckedObjectStream: true }),
      ).rejects.toMatchObject({ status: 415, code: 'pdf_uncheckable' });
    }
    // A plain Flate object stream is inflated and its hidden action found.
    const flate = insert(objStm('/Filter /FlateDecode', zlib.deflateSync(hidden)));
    expect((await inspect(flate, 4096)).activeContent).toBe('/JavaScript');
  });
});
