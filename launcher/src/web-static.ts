/** Serves the built web client, with the SPA's index.html for every non-API page route. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/auth-api/', '/healthz'];

export async function registerWebStatic(app: FastifyInstance, dist: string | null): Promise<void> {
  const hasWeb = dist !== null && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (!isApi && hasWeb && request.method === 'GET') {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply
      .status(404)
      .type('application/problem+json')
      .send({ type: 'about:blank', title: 'not_found', status: 404, errors: [`No route ${request.method} ${request.url.split('?')[0]}`] });
  });
}
