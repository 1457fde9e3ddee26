import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files gain from compression; images and fonts are compressed by their own format already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|txt|json|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encodings written next to each file, as the gateway looks for them (`<file>.br`, `<file>.gz`). */
const ENCODERS: readonly { suffix: string; encode: (content: Buffer) => Promise<Buffer> }[] = [
  // Compressed once at build, so the slowest, smallest settings cost nothing at request time.
  {
    suffix: '.br',
    encode: (content) => brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
  },
  { suffix: '.gz', encode: (content) => gzipped(content, { level: constants.Z_BEST_COMPRESSION }) },
];

/**
 * Writes a brotli and a gzip copy of every text file of the build (public files and index.html
 * included), so the gateway serves them compressed without compressing on each request. A copy that is
 * not smaller than its file is not written: the file is then served as it is.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'warriors:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name));
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const content = await readFile(file);
          for (const { suffix, encode } of ENCODERS) {
            const encoded = await encode(content);
            if (encoded.length < content.length) await writeFile(file + suffix, encoded);
          }
        }),
      );
    },
  };
}
