/**
 * After the build: every script and style sheet under dist/assets gets a Brotli (quality 11) and a gzip (level 9)
 * copy beside it (<file>.br, <file>.gz), compressed once here instead of on every request at the server's quick
 * on-the-fly settings; the server (plugins/web-app.ts, preCompressed) sends the copy the browser accepts.
 * Usage: node scripts/compress.mjs [distDir]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.join(path.resolve(process.argv[2] ?? 'dist'), 'assets');
let raw = 0;
let br = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const file = path.join(assets, name);
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: name.endsWith('.js')
        ? constants.BROTLI_MODE_TEXT
        : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  br += brotli.length;
}
console.log(`compress: dist/assets ${Math.round(raw / 1024)} kB -> ${Math.round(br / 1024)} kB with Brotli`);
