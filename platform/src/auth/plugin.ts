/**
 * Authentication and authorisation for every API route, registered once on the root app:
 * - anti-forgery: a signed double-submit XSRF-TOKEN cookie, required as X-XSRF-TOKEN on every non-GET;
 * - the Bearer access token, verified into request.auth;
 * - each /api and /auth-api route declares `config.access`: 'public', 'authenticated' or a
 *   resource whose `Api,<resource>,<METHOD>` entry the user's roles must grant. A route that
 *   declares nothing is refused (secure by default). A route about one customer's records
 *   declares `customerScope`, and a customer reaches only their own; shared reference data
 *   (locations) declares none. The authorisation matrix test checks every route.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { AUTH_MESSAGES, XSRF_COOKIE, XSRF_HEADER, accessEntry, accessListFor, type HttpMethod, type Role } from '@dealer/contracts';
import { verifyAccessToken } from './access-token';
import { newXsrfToken, xsrfMatches } from './xsrf';

export interface RequestAuth {
  userId: string;
  kind: 'employee' | 'customer';
  roles: Role[];
  locationIds: number[];
  access: ReadonlySet<string>;
  /** Who did it, for event metadata and logs (never personal data). */
  actor: string;
}

export type AccessRule = 'public' | 'authenticated' | string;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** Where the customer id of the record sits; a customer may only reach their own. */
    customerScope?: { in: 'params' | 'query' | 'body'; field: string };
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export const XSRF_MESSAGE = 'Invalid or missing anti-forgery token. Please reload the page and try again.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PROTECTED_PREFIXES = ['/api/', '/auth-api/'];

/** Denials by this layer carry a header, so tests can tell them from a handler's own 401/403. */
export const AUTH_DENIED_HEADER = 'x-auth-denied';

function problem(reply: FastifyReply, status: number, message: string) {
  return reply.header(AUTH_DENIED_HEADER, '1').status(status).type('application/problem+json').send({ type: 'about:blank', title: String(status), status, errors: [message] });
}

export async function registerAuth(app: FastifyInstance, options: { secret: string; secureCookies?: boolean }): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, newXsrfToken(options.secret), {
        path: '/',
        sameSite: 'strict',
        secure: options.secureCookies ?? request.protocol === 'https',
        httpOnly: false,
      });
    }
    if (!SAFE_METHODS.has(request.method) && PROTECTED_PREFIXES.some((p) => request.url.startsWith(p))) {
      const header = request.headers[XSRF_HEADER];
      if (!xsrfMatches(cookie, typeof header === 'string' ? header : undefined, options.secret)) {
        return problem(reply, 403, XSRF_MESSAGE);
      }
    }
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const claims = await verifyAccessToken(authorization.slice(7), options.secret);
      if (claims) {
        request.auth = {
          userId: claims.sub,
          kind: claims.kind,
          roles: claims.roles,
          locationIds: claims.locationIds,
          access: new Set(accessListFor(claims.roles)),
          actor: `${claims.kind === 'customer' ? 'customer' : 'user'}:${claims.sub}`,
        };
      }
    }
  });

  // preValidation: refuse before the body is validated, so anonymous callers learn nothing from 400s.
  app.addHook('preValidation', async (request, reply) => {
    if (request.is404 || !PROTECTED_PREFIXES.some((p) => request.url.startsWith(p))) return;
    const rule = request.routeOptions.config.access;
    if (rule === 'public') return;
    if (rule === undefined) return problem(reply, 403, AUTH_MESSAGES.forbidden);
    const auth = request.auth;
    if (!auth) return problem(reply, 401, AUTH_MESSAGES.sessionExpired);
    if (rule === 'authenticated') return;
    if (!auth.access.has(accessEntry(rule, request.method as HttpMethod))) return problem(reply, 403, AUTH_MESSAGES.forbidden);
    // A route about one customer's records names where the id is; a customer reaches only their own.
    if (auth.kind === 'customer' && request.routeOptions.config.customerScope && !isOwnRecord(request, auth)) {
      return problem(reply, 403, AUTH_MESSAGES.forbidden);
    }
  });
}

function isOwnRecord(request: FastifyRequest, auth: RequestAuth): boolean {
  const scope = request.routeOptions.config.customerScope!;
  const source = (scope.in === 'params' ? request.params : scope.in === 'query' ? request.query : request.body) as Record<string, unknown> | undefined;
  return source?.[scope.field] === auth.userId;
}
