/**
 * No API answer is kept by a browser or a proxy (issue 20, item 6): every answer under /api and
 * /auth-api carries `Cache-Control: no-store`, errors and not-found answers included. They hold
 * personal data, tokens or the state of a sale; the client caches what it wants in memory
 * (the locations list for the session). Set in onSend, after the handler, so no route can
 * loosen it. The web client's own files keep their caching (launcher/src/web-static.ts).
 */
import type { FastifyInstance } from 'fastify';

export const API_CACHE_CONTROL = 'no-store';

/** Whether a request path (query string allowed) is one of the APIs'. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return /^\/(api|auth-api)(\/|$)/.test(path);
}

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
    return payload;
  });
}
