import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * A small POSIX tar (ustar + pax for long names and large sizes) writer and reader: the backup
 * archive is one plain tar file that `tar -tf` lists and `tar -xOf <file> manifest.json` reads,
 * written and read as streams (files of any size, constant memory) with each entry's SHA-256.
 */

const BLOCK = 512;
const ZERO = Buffer.alloc(BLOCK);

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o600, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii');
  h.write(octal(0, 8), 116, 8, 'ascii');
  h.write(octal(size, 12), 124, 12, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii');
  h.write(type, 156, 1, 'ascii');
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return h;
}

function paxRecords(fields: Record<string, string>): Buffer {
  let out = '';
  for (const [key, value] of Object.entries(fields)) {
    const body = ` ${key}=${value}\n`;
    // The record's length counts its own digits.
    let length = Buffer.byteLength(body) + 1;
    while (String(length).length + Buffer.byteLength(body) > length) length += 1;
    out += `${length}${body}`;
  }
  return Buffer.from(out, 'utf8');
}

const MAX_USTAR_SIZE = 0o77777777777;

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

export interface TarWriter {
  /** Adds one file from a stream of exactly `size` bytes; resolves to its SHA-256. */
  add(name: string, size: number, source: Readable | Buffer): Promise<string>;
  /** Writes the end-of-archive marker and closes the file. */
  finish(): Promise<void>;
  /** Closes and removes the unfinished file (after a failure). */
  abort(): Promise<void>;
}

export async function createTarWriter(file: string): Promise<TarWriter> {
  const handle = await fs.promises.open(file, 'wx', 0o600);
  const write = async (data: Buffer) => {
    if (data.length) await handle.write(data);
  };
  const mtime = new Date();
  return {
    async add(name, size, source) {
      const long = Buffer.byteLength(name) > 100;
      const big = size > MAX_USTAR_SIZE;
      if (long || big) {
        const pax = paxRecords({
          ...(long ? { path: name } : {}),
          ...(big ? { size: String(size) } : {}),
        });
        await write(header('PaxHeader', pax.length, 'x', mtime));
        await write(pax);
        await write(padding(pax.length));
      }
      const shortName = long ? name.slice(-100).replace(/^[^/]*\//, '') : name;
      await write(header(shortName, big ? 0 : size, '0', mtime));
      const hash = crypto.createHash('sha256');
      let written = 0;
      const chunks: AsyncIterable<Buffer> = Buffer.isBuffer(source)
        ? (async function* () {
            yield source;
          })()
        : source;
      for await (const chunk of chunks) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        written += buffer.length;
        if (written > size) throw new Error(`${name} grew while it was being archived`);
        hash.update(buffer);
        await write(buffer);
      }
      if (written !== size) throw new Error(`${name} changed size while it was being archived`);
      await write(padding(size));
      return hash.digest('hex');
    },
    async finish() {
      await write(Buffer.concat([ZERO, ZERO]));
      await handle.sync();
      await handle.close();
    },
    async abort() {
      await handle.close().catch(() => undefined);
      await fs.promises.rm(file, { force: true });
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** Byte offset of the entry's data in the archive. */
  offset: number;
}

export class TarFormatError extends Error {}

function readOctal(buffer: Buffer, start: number, length: number): number {
  const text = buffer
    .subarray(start, start + length)
    .toString('ascii')
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('Not a tar archive (bad number field)');
  return text ? parseInt(text, 8) : 0;
}

function parsePax(data: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  let pos = 0;
  while (pos < data.length) {
    const space = data.indexOf(0x20, pos);
    if (space < 0) break;
    const length = Number(data.subarray(pos, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0) throw new TarFormatError('Bad pax header');
    const record = data.subarray(space + 1, pos + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) fields[record.slice(0, eq)] = record.slice(eq + 1);
    pos += length;
  }
  return fields;
}

/** The regular files of an archive, in order, with where their data lies. */
export async function listTar(file: string): Promise<TarEntry[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const entries: TarEntry[] = [];
    const block = Buffer.alloc(BLOCK);
    let pos = 0;
    let pax: Record<string, string> = {};
    for (;;) {
      if (pos + BLOCK > total) throw new TarFormatError('The archive is truncated');
      await handle.read(block, 0, BLOCK, pos);
      if (block.equals(ZERO)) return entries;
      const stored = readOctal(block, 148, 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
      if (sum !== stored) throw new TarFormatError('Not a tar archive (bad header checksum)');
      const type = String.fromCharCode(block[156]!);
      const prefix = block.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
      const baseName = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
      const size = pax.size !== undefined ? Number(pax.size) : readOctal(block, 124, 12);
      const offset = pos + BLOCK;
      if (offset + size > total) throw new TarFormatError('The archive is truncated');
      if (type === 'x') {
        const data = Buffer.alloc(size);
        await handle.read(data, 0, size, offset);
        pax = parsePax(data);
      } else {
        if (type === '0' || type === '\0') {
          const name = pax.path ?? (prefix ? `${prefix}/${baseName}` : baseName);
          entries.push({ name, size, offset });
        }
        pax = {};
      }
      pos = offset + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await handle.close();
  }
}

/** A stream of one entry's bytes. */
export function readEntry(file: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

/** The SHA-256 of one entry's bytes. */
export async function hashEntry(file: string, entry: TarEntry): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of readEntry(file, entry)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function copyEntry(file: string, entry: TarEntry, target: Writable): Promise<void> {
  await pipeline(readEntry(file, entry), target);
}
