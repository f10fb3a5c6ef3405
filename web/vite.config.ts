// Vite build and dev-server settings for the staff/customer SPA; the dev server proxies the APIs.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/**
 * Below this size a compressed copy saves nothing worth a file (the server compresses nothing itself).
 * Small: a page loads dozens of chunks under 1 kB, and gzip still takes a third off most of them.
 */
const MIN_COMPRESS_BYTES = 256;

/**
 * Writes a .gz and a .br copy next to every text file of the build, at the highest levels (done
 * once per build, not per request): the launcher's static server (@fastify/static preCompressed)
 * and nginx (gzip_static) send them to browsers that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dealer:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f));
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            if ((await stat(file)).size < MIN_COMPRESS_BYTES) return;
            const content = await readFile(file);
            const [gz, br] = await Promise.all([
              promisify(gzip)(content, { level: 9 }),
              promisify(brotliCompress)(content, {
                params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
              }),
            ]);
            // A copy no smaller than the file is not worth sending instead of it.
            await Promise.all([gz.length < content.length && writeFile(`${file}.gz`, gz), br.length < content.length && writeFile(`${file}.br`, br)]);
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': backend,
      '/auth-api': backend,
      '/healthz': backend,
    },
  },
  preview: {
    proxy: {
      '/api': backend,
      '/auth-api': backend,
      '/healthz': backend,
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the build: nothing to serve by mistake (issue 10, item 7).
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, its DOM renderer and the router: every page needs them and they change less
            // often than the app, so their own chunk stays cached across releases. The other
            // libraries go with the pages that use them (a lazy page's chunk or the first load).
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
});
