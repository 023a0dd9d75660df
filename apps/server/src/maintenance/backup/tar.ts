import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { extract, Header, Pack, ReadEntry } from 'tar';

/**
 * The backup archive through node-tar (isaacs/tar): one plain tar file (ustar, pax headers for
 * long names and large sizes) that GNU tar lists and reads, written and extracted as streams
 * (files of any size, constant memory), with each entry's SHA-256 computed as its bytes pass.
 */

export interface TarWriter {
  /** Adds one file from a stream of exactly `size` bytes; resolves to its SHA-256. */
  add(name: string, size: number, source: Readable | Buffer): Promise<string>;
  /** Writes the end-of-archive marker and closes the file. */
  finish(): Promise<void>;
  /** Closes and removes the unfinished file (after a failure). */
  abort(): Promise<void>;
}

export async function createTarWriter(file: string): Promise<TarWriter> {
  const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 });
  await once(out, 'open');
  // portable: no uid/gid/user names of this machine in the headers.
  const pack = new Pack({ portable: true, strict: true });
  let failure: Error | undefined;
  pack.on('error', (error: unknown) => (failure ??= error as Error));
  out.on('error', (error: Error) => (failure ??= error));
  pack.pipe(out);
  const mtime = new Date();
  return {
    async add(name, size, source) {
      if (failure) throw failure;
      // An entry made from a header: node-tar writes the header (and a pax header when the name
      // or size needs one), then the bytes written to the entry, then the padding.
      const entry = new ReadEntry(
        new Header({ path: name, type: 'File', size, mode: 0o600, mtime }),
      );
      pack.add(entry);
      const hash = crypto.createHash('sha256');
      let written = 0;
      const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(source)
        ? [source]
        : source;
      for await (const chunk of chunks) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        written += buffer.length;
        if (written > size) throw new Error(`${name} grew while it was being archived`);
        hash.update(buffer);
        if (!entry.write(buffer)) await once(entry, 'drain');
        if (failure) throw failure;
      }
      if (written !== size) throw new Error(`${name} changed size while it was being archived`);
      const done = once(entry, 'end');
      entry.end();
      await done;
      return hash.digest('hex');
    },
    async finish() {
      pack.end();
      await finished(out);
      if (failure) throw failure;
      const handle = await fs.promises.open(file, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async abort() {
      pack.destroy();
      out.destroy();
      await fs.promises.rm(file, { force: true });
    },
  };
}

export interface ExtractedEntry {
  name: string;
  size: number;
  sha256: string;
}

/** Why an archive could not be extracted: not a tar file, truncated, or an unsafe entry. */
export class TarFormatError extends Error {}

/**
 * Extracts every entry of `file` into the (empty) folder `dir` and returns each entry with the
 * SHA-256 of its bytes, in archive order. Only regular files are accepted; in strict mode node-tar
 * refuses what would land outside `dir` (`..`, absolute paths, through symbolic links), bad
 * headers and a truncated archive.
 */
export async function extractTar(file: string, dir: string): Promise<ExtractedEntry[]> {
  const entries: ExtractedEntry[] = [];
  let refused: string | undefined;
  try {
    await extract({
      file,
      cwd: dir,
      strict: true,
      preserveOwner: false,
      noChmod: true,
      filter: (name, entry) => {
        const type = (entry as ReadEntry).type;
        if (type !== 'File' && type !== 'OldFile' && type !== 'ContiguousFile') {
          refused ??= `${name} is a ${type}, not a file`;
          return false;
        }
        return true;
      },
      transform: (entry) => {
        const record: ExtractedEntry = { name: entry.path, size: entry.size, sha256: '' };
        entries.push(record);
        const hash = crypto.createHash('sha256');
        // Passes the bytes on to the file being written, hashing them on the way.
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            callback(null, chunk);
          },
          flush(callback) {
            record.sha256 = hash.digest('hex');
            callback();
          },
        });
        return hashing as unknown as ReadEntry;
      },
    });
  } catch (error) {
    // node-tar marks its own refusals with tarCode; a file system error is rethrown as is.
    if ((error as { tarCode?: string }).tarCode) throw new TarFormatError((error as Error).message);
    throw error;
  }
  if (refused) throw new TarFormatError(refused);
  return entries;
}

/**
 * Unpacks a PGlite dump (`dumpDataDir`: a tar of the PostgreSQL data directory, entries named
 * from its root, `/base/…`) into `dir` on the host. PGlite then opens `dir` as an existing
 * database; loading the dump through PGlite instead needs it whole in memory and writes it file
 * by file through its virtual file system (about ten times slower). Anything but the leading `/`
 * being dropped (an entry with `..`, a link out of `dir`) refuses the dump.
 */
export async function extractPgliteDump(file: string, dir: string): Promise<void> {
  let refused: string | undefined;
  await extract({
    file,
    cwd: dir,
    preserveOwner: false,
    onwarn: (code, message) => {
      if (code !== 'TAR_ENTRY_INFO' || !/^stripping \/ from absolute/.test(message))
        refused ??= `${code}: ${message}`;
    },
  });
  if (refused) throw new TarFormatError(`The database dump: ${refused}`);
}
