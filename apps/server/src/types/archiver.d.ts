// The part of archiver 5 (a dependency of exceljs, and ours for the signed-orders zip) that we
// use; the package ships no types of its own.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
  }

  function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver;
  export default archiver;
}
