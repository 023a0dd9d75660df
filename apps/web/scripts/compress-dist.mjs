#!/usr/bin/env node
// Writes brotli (.br) and gzip (.gz) copies of the built SPA's text assets next to them, so the
// server sends them precompressed (issue 16 item 4) without compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', process.env.WEB_DIST_DIR || 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = fs.readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  files += 1;
  before += bytes.length;
  afterBrotli += brotli.length;
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(`compressed ${files} files: ${kb(before)} → ${kb(afterBrotli)} with brotli`);
