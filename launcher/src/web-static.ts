/**
 * Serves the built web client, with the SPA's index.html for every non-API page route.
 * Hashed build files (assets/) are cached for a year as immutable; index.html and the other
 * files are revalidated on every use (no-cache), so a release reaches users on their next load;
 * the training videos and captions are cached for 30 days (MEDIA_CACHE).
 * The build writes .br and .gz copies of every text file (web/vite.config.ts); they are sent to
 * browsers that accept them. Source maps are never served.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/auth-api/', '/healthz'];
/** Vite's output folder of content-hashed files (a new content is a new name). */
const HASHED_PREFIX = '/assets/';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
/**
 * The training videos and their captions (web/public, at SPEC's root paths): large, and addressed by
 * the pages with their content version (?v=, contracts' TRAINING_MEDIA_VERSIONS), so a re-made video
 * is a new address. Cached for 30 days; byte ranges (206) let the player seek without the whole file.
 */
const MEDIA_FILE = /\.(mp4|webm|vtt)$/;
export const MEDIA_CACHE = 'public, max-age=2592000';

export async function registerWebStatic(app: FastifyInstance, dist: string | null): Promise<void> {
  const hasWeb = dist !== null && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    const hashedDir = path.resolve(dist, 'assets') + path.sep;
    // Every file of the built web client is public. @fastify/static has no option for route
    // config, so its routes get the declaration while it registers them (the auth plugin
    // refuses to start with a route that declares no access).
    let registeringWebFiles = true;
    app.addHook('onRoute', (route) => {
      if (registeringWebFiles) route.config = { ...route.config, access: 'public' };
    });
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // x.js.br / x.js.gz are chosen by Accept-Encoding, never addressed themselves; maps not at all.
      preCompressed: true,
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.startsWith(hashedDir) ? IMMUTABLE_CACHE : MEDIA_FILE.test(filePath) ? MEDIA_CACHE : REVALIDATE_CACHE);
      },
    });
    registeringWebFiles = false;
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // A missing hashed file (an old release's chunk, a map) is a 404, not the SPA page.
    const isAsset = request.url.startsWith(HASHED_PREFIX);
    if (!isApi && !isAsset && hasWeb && request.method === 'GET') {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .type('application/problem+json')
      .send({ type: 'about:blank', title: 'not_found', status: 404, errors: [`No route ${request.method} ${request.url.split('?')[0]}`] });
  });
}
