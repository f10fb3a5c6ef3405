/**
 * No API answer is kept by a browser or a proxy (issue 20, item 6): every answer under /api and
 * /auth-api carries `Cache-Control: no-store`, errors and not-found answers included. They hold
 * personal data, tokens or the state of a sale; the client caches what it wants in memory
 * (the locations list for the session). Set in onSend, after the handler, so no route can
 * loosen it. The web client's own files keep their caching (launcher/src/web-static.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const API_CACHE_CONTROL = 'no-store';

/** Whether a path (query string allowed) is one of the APIs'. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return /^\/(api|auth-api)(\/|$)/.test(path);
}

/**
 * Whether the request went to an API: decided on the route that matched (a percent-encoded or
 * otherwise odd spelling of an API path reaches the same route), and only where no route
 * matched (a 404) on the path as the router reads it, percent-escapes decoded.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return isApiPath(route);
  const path = request.url.split('?')[0]!;
  try {
    return isApiPath(decodeURIComponent(path));
  } catch {
    return isApiPath(path);
  }
}

export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request)) reply.header('cache-control', API_CACHE_CONTROL);
    return payload;
  });
}
