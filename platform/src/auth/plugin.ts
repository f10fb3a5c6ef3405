/**
 * Authentication and authorisation for every route, registered once on the root app:
 * - every route declares `config.access`: 'public', 'authenticated' or a resource whose
 *   `Api,<resource>,<METHOD>` entry the user's roles must grant. The decision is taken from the
 *   route that matched, whatever spelling of its path reached it (the router decodes
 *   percent-escapes); a route that declares nothing stops the start-up. A request that matches
 *   no route reaches only the not-found handler (the SPA page or a 404). A route about one
 *   customer's records declares `customerScope`, and a customer reaches only their own.
 * - the Bearer access token is verified, and its session must be active (sessions.ts) and belong
 *   to the token's own user; request.auth is built from the session's user and the roles they
 *   hold now at each location, never from the token's role claims (an admin's change reaches a
 *   live session within seconds, issue 20). Handlers authorise an action or read at a location
 *   with `auth.rolesAt(locationId)` (location-access.ts);
 * - anti-forgery (xsrf.ts): every non-GET request to a route must echo the XSRF-TOKEN cookie
 *   in X-XSRF-TOKEN, signed for the binding of its session: the Bearer token's session, or
 *   the browser's (pre-)session cookie when there is no token or the route declares
 *   `antiForgery: 'browser'` (the auth host's cookie-authenticated routes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { AUTH_MESSAGES, XSRF_COOKIE, XSRF_HEADER, accessEntry, accessListFor, rolesAtLocation, type HttpMethod, type LocationRole, type Role } from '@dealer/contracts';
import { verifyAccessToken } from './access-token';
import type { ActiveSession, SessionCheck } from './sessions';
import { verifyStreamTicket, type StreamTicketClaim } from './stream-ticket';
import { bindingCookieName, bindingOrNull, isValidXsrfToken, newBinding, newXsrfToken, xsrfMatches } from './xsrf';

export interface RequestAuth {
  userId: string;
  kind: 'employee' | 'customer';
  /** Every role the user holds now, at any location: only the coarse gate (the route's access entry). */
  roles: Role[];
  /** The locations where the user holds a role now. */
  locationIds: number[];
  /** The roles held now at each location. */
  locationRoles: readonly LocationRole[];
  /** The roles the user holds at `locationId` (admins: 'admin' at every location); a customer none. */
  rolesAt(locationId: number): Role[];
  access: ReadonlySet<string>;
  /** The session the access token belongs to (revoked by sign-out). */
  sessionId: string;
  /** Who did it, for event metadata and logs (never personal data). */
  actor: string;
}

export type AccessRule = 'public' | 'authenticated' | string;

/** What the auth host's routes need from this layer. */
export interface AuthTools {
  /** Forgets a session this process has just revoked (other processes: within SESSION_CACHE_MS). */
  forgetSession(sessionId: string): void;
  /** The browser's binding cookie on this request (its pre-session or session binding), or null. */
  browserBinding(request: FastifyRequest): string | null;
  /** Makes `binding` this browser's binding (a session started or arrived here), with a pair for it. */
  bindBrowser(request: FastifyRequest, reply: FastifyReply, binding: string): void;
  /** Starts a new pre-session in this browser (after sign-out). */
  newPreSession(request: FastifyRequest, reply: FastifyReply): void;
  /** Who a session's user is now (roles as held now), or null once it ended: what a long-lived stream re-checks. */
  currentAuth(sessionId: string): Promise<RequestAuth | null>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** Where the customer id of the record sits; a customer may only reach their own. */
    customerScope?: { in: 'params' | 'query' | 'body'; field: string };
    /**
     * 'browser': the pair is checked against the browser's binding cookie even with a Bearer token.
     * 'signed-webhook': a provider's webhook (no browser, no cookies) proven by the provider's
     * signature over the raw body, which the route checks; only with access 'public', and the
     * only case where a non-GET skips the pair. Also a signed link a mail provider posts to
     * (RFC 8058 one-click unsubscribe, ADR 0089): the route verifies the token in its path.
     */
    antiForgery?: 'browser' | 'signed-webhook';
    /**
     * A GET the browser's EventSource opens, which cannot send the Authorization header: without
     * a Bearer token, a single-use stream ticket in `?ticket=` (stream-ticket.ts) authenticates
     * it as the session the ticket was issued under (ADR 0087).
     */
    streamTicket?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    authTools: AuthTools;
  }
}

export const XSRF_MESSAGE = 'Invalid or missing anti-forgery token. Please reload the page and try again.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Denials by this layer carry a header, so tests can tell them from a handler's own 401/403. */
export const AUTH_DENIED_HEADER = 'x-auth-denied';

function problem(reply: FastifyReply, status: number, message: string) {
  return reply.header(AUTH_DENIED_HEADER, '1').status(status).type('application/problem+json').send({ type: 'about:blank', title: String(status), status, errors: [message] });
}

export interface AuthOptions {
  secret: string;
  /** Whether the session is active (a short per-process cache over auth_sessions). */
  sessions: SessionCheck;
  secureCookies?: boolean;
  /** Records a stream ticket as used (single use across processes); without it tickets are refused. */
  streamTickets?: StreamTicketClaim;
}

export async function registerAuth(app: FastifyInstance, options: AuthOptions): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('auth', null);

  // Every route must say who may use it. Checked once all plugins have registered their routes
  // (a plugin may declare its routes' access in its own onRoute hook, after this one has run).
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => r.config?.access === undefined).map((r) => `${[r.method].flat().join(',')} ${r.url}`);
    if (undeclared.length > 0) throw new Error(`Every route must declare config.access; these declare no access: ${undeclared.join('; ')}`);
  });

  const secureFor = (request: FastifyRequest) => options.secureCookies ?? request.protocol === 'https';
  const browserBinding = (request: FastifyRequest) => bindingOrNull(request.cookies[bindingCookieName(secureFor(request))]);
  const setPair = (request: FastifyRequest, reply: FastifyReply, binding: string) => {
    reply.setCookie(XSRF_COOKIE, newXsrfToken(options.secret, binding), { path: '/', sameSite: 'strict', secure: secureFor(request), httpOnly: false });
  };
  const setBinding = (request: FastifyRequest, reply: FastifyReply, binding: string) => {
    reply.setCookie(bindingCookieName(secureFor(request)), binding, { path: '/', sameSite: 'strict', secure: secureFor(request), httpOnly: true });
    setPair(request, reply, binding);
  };
  app.decorate('authTools', {
    forgetSession: (sessionId: string) => options.sessions.forget(sessionId),
    browserBinding,
    bindBrowser: setBinding,
    newPreSession: (request: FastifyRequest, reply: FastifyReply) => setBinding(request, reply, newBinding()),
    currentAuth: async (sessionId: string) => {
      const found = await options.sessions.lookup(sessionId);
      return found ? authOf(found, sessionId) : null;
    },
  } satisfies AuthTools);

  app.addHook('onRequest', async (request, reply) => {
    // A browser without a (pre-)session gets one, and a pair for its binding whenever it lacks a valid one.
    const binding = browserBinding(request);
    const pairCookie = request.cookies[XSRF_COOKIE];
    if (!binding) setBinding(request, reply, newBinding());
    else if (!isValidXsrfToken(pairCookie, options.secret, binding)) setPair(request, reply, binding);

    let session: ActiveSession | null = null;
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      const claims = await verifyAccessToken(authorization.slice(7), options.secret);
      const found = claims ? await options.sessions.lookup(claims.sid) : null;
      // A live session borrowed into a token for another user is no session at all.
      session = claims && found && found.userId === claims.sub && found.userKind === claims.kind ? found : null;
      if (claims && session) request.auth = authOf(session, claims.sid);
    }

    // No route matched: only the not-found handler answers (the SPA page, or a 404).
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (!request.auth && config.streamTicket && request.method === 'GET') {
      const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
      const claims = typeof ticket === 'string' ? verifyStreamTicket(ticket, options.secret) : null;
      const found = claims ? await options.sessions.lookup(claims.sid) : null;
      if (claims && found && found.userId === claims.sub && found.userKind === claims.kind && options.streamTickets && (await options.streamTickets(claims))) {
        request.auth = authOf(found, claims.sid);
      }
    }
    const signedWebhook = config.antiForgery === 'signed-webhook' && config.access === 'public';
    if (!SAFE_METHODS.has(request.method) && !signedWebhook) {
      const bound = config.antiForgery === 'browser' || !session?.binding ? binding : session.binding;
      const header = request.headers[XSRF_HEADER];
      if (!xsrfMatches(pairCookie, typeof header === 'string' ? header : undefined, options.secret, bound)) {
        return problem(reply, 403, XSRF_MESSAGE);
      }
    }
    const rule = config.access;
    if (rule === 'public') return;
    if (rule === undefined) return problem(reply, 403, AUTH_MESSAGES.notPermitted);
    const auth = request.auth;
    if (!auth) return problem(reply, 401, AUTH_MESSAGES.sessionExpired);
    if (rule === 'authenticated') return;
    if (!auth.access.has(accessEntry(rule, request.method as HttpMethod))) return problem(reply, 403, AUTH_MESSAGES.notPermitted);
  });

  // A route about one customer's records names where the id is; a customer reaches only their
  // own. preValidation: after the body is parsed, before it is validated.
  app.addHook('preValidation', async (request, reply) => {
    const auth = request.auth;
    if (request.is404 || !auth || auth.kind !== 'customer' || !request.routeOptions.config.customerScope) return;
    const rule = request.routeOptions.config.access;
    if (rule === 'public' || rule === 'authenticated') return;
    if (!isOwnRecord(request, auth)) return problem(reply, 403, AUTH_MESSAGES.notPermitted);
  });
}

/** Who the request is: the session's user with the roles they hold now (not the token's claims, which may be minutes old). */
function authOf(session: ActiveSession, sessionId: string): RequestAuth {
  const { userKind: kind, userId, locationRoles } = session;
  const roles: Role[] = kind === 'customer' ? ['customer'] : [...new Set(locationRoles.map((r) => r.role))];
  return {
    userId,
    kind,
    roles,
    locationIds: [...new Set(locationRoles.map((r) => r.locationId))].sort((a, b) => a - b),
    locationRoles,
    rolesAt: (locationId) => (kind === 'customer' ? [] : rolesAtLocation(locationRoles, locationId)),
    access: new Set(accessListFor(roles)),
    sessionId,
    actor: `${kind === 'customer' ? 'customer' : 'user'}:${userId}`,
  };
}

function isOwnRecord(request: FastifyRequest, auth: RequestAuth): boolean {
  const scope = request.routeOptions.config.customerScope!;
  const source = (scope.in === 'params' ? request.params : scope.in === 'query' ? request.query : request.body) as Record<string, unknown> | undefined;
  return source?.[scope.field] === auth.userId;
}
