/**
 * The auth host's API (SPEC 7): sign-in, refresh with rotation, app refresh, sign-out, and
 * customer registration from a registration link. Unknown user and wrong password get the
 * same answer, status and (argon2) cost. Each sign-in starts a session (identity/sessions.ts)
 * bound to the browser's anti-forgery pre-session; sign-out and refresh-token reuse end it.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AUTH_MESSAGES, customerStreamId, loginSchema, registrationPasswordsSchema } from '@dealer/contracts';
import { DomainError, handle, lastPositionOf, type CheckpointWaiter, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import { commandContext } from '../plugins/request-context';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { clearFailures, countAttempt, pruneThrottle, reserveAddressTurn, THROTTLE, uncountAttempt } from '@dealer/platform/auth/throttle';
import { issueRefreshToken, rotateRefreshToken, sessionOfRefreshToken, type RefreshPolicy } from '../identity/refresh-tokens';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import { activeSession, revokeSession, startSession, type Session } from '../identity/sessions';
import { buildTokenPayload, TOKEN_READ_MODELS, type TokenSettings } from '../identity/token-payload';
import { createCustomerCredential, credentialOf, customerOfRegistrationToken, deleteCustomerCredential, recordFailedLogin, useRegistrationTokens } from '../identity/credentials';
import { customerNameAndEmail } from '@dealer/read-models/customer-details/queries';
import { ContactReservations, reservationKeyFrom } from '../customers/contact-reservations';
import { registerFromGift, type GiftRegistrationInput } from '../gifts/register';
import { authTokenAnswer, authTokenPayloadSchema, noContent, problemResponse } from './schemas';
import { giftTokenKey } from '@dealer/platform/auth/gift-token';
import { verificationHashKey } from '@dealer/platform/auth/verification-secret';
import { GIFT_TOKEN_MAX } from '@dealer/contracts';

export const REFRESH_COOKIE = 'dealer_refresh';
export const ACCOUNT_EXISTS = 'An account with this e-mail already exists. Please sign in.';

export interface AuthRouteDeps {
  sql: Sql;
  store: EventStore;
  tokens: TokenSettings;
  refresh: RefreshPolicy;
  /** The payment provider (a gift whose pack can no longer be issued is refunded when its recipient registers). */
  payments?: PaymentProvider | null;
  /** Waits for read models: a sign-in of a user they do not hold yet waits for them (a customer just created). */
  waiter?: CheckpointWaiter;
}

function parseOrThrow<T extends v.GenericSchema>(schema: T, input: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) fields[v.getDotPath(issue) ?? '_'] ??= issue.message;
  throw new DomainError('validation', [...new Set(Object.values(fields))], fields);
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const publicRoute = { access: 'public' } as const;
/** Routes authenticated by the refresh cookie (or arriving with a token from elsewhere): the pair binds to this browser. */
const cookieRoute = { access: 'public', antiForgery: 'browser' } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function authRoutes(deps: AuthRouteDeps) {
  const { sql } = deps;

  function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    reply.setCookie(REFRESH_COOKIE, token, {
      path: '/auth-api',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: deps.refresh.absoluteDays * 86_400,
    });
  }

  /** Starts a session in this browser: bound to its pre-session, with the first refresh token. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, subject: { userKind: 'employee' | 'customer'; userId: string }) {
    const binding = request.server.authTools.browserBinding(request);
    const session = await startSession(sql, subject, binding, deps.refresh.absoluteDays);
    let payload = await buildTokenPayload(sql, deps.tokens, subject, session, 'LOGIN');
    if (!payload && deps.waiter) {
      // The user is read from read models, which may not hold one just created (a customer who
      // registers from a gift or a link, or signs in the moment staff created them): wait, bounded,
      // until they reach the customer's last event (for staff, the log's head), and read again.
      const position = subject.userKind === 'customer' ? await lastPositionOf(deps.store, customerStreamId(subject.userId)) : await deps.store.headPosition();
      if (position !== null && (await deps.waiter.waitFor(TOKEN_READ_MODELS[subject.userKind], position))) {
        payload = await buildTokenPayload(sql, deps.tokens, subject, session, 'LOGIN');
      }
    }
    if (!payload) {
      await revokeSession(sql, session.id, 'user not found');
      throw new DomainError('unauthorized', [AUTH_MESSAGES.invalidCredentials]);
    }
    setRefreshCookie(request, reply, await issueRefreshToken(sql, subject, session, deps.refresh));
    return { dataSet: payload };
  }

  /** This browser takes the session's binding (a refresh after a lost cookie, a token handed over from elsewhere). */
  function bindBrowserTo(request: FastifyRequest, reply: FastifyReply, session: Session) {
    const tools = request.server.authTools;
    if (session.binding && tools.browserBinding(request) !== session.binding) tools.bindBrowser(request, reply, session.binding);
  }

  async function validRegistrationToken(token: string) {
    const customerId = await customerOfRegistrationToken(sql, tokenHash(token));
    if (!customerId) throw new DomainError('validation', [AUTH_MESSAGES.registrationLinkInvalid]);
    return customerId;
  }

  return async function routes(app: FastifyInstance) {
    app.get('/auth-api/xsrf', { schema: { ...apiDoc('Sign-in and sessions', 'Get an anti-forgery pair', 'Sets the browser binding cookie (`dealer_xsid`, httpOnly) and the `XSRF-TOKEN` cookie bound to it; answers 204. Echo `XSRF-TOKEN` in `X-XSRF-TOKEN` on every command. Clients other than browsers keep both cookies.'), response: { 204: noContent('The anti-forgery pair is set (cookies).') } }, config: publicRoute }, async (_request, reply) => reply.status(204).send());

    app.post('/auth-api/login', { config: cookieRoute, schema: { ...apiDoc('Sign-in and sessions', 'Sign in', 'Checks a username (staff) or e-mail (customer) and password: 200 with the access token and the user (`dataSet.token`, roles, access list), and the httpOnly refresh cookie; the same 401 for an unknown user and a wrong password. 5 failed attempts per account in 15 minutes lock it for 15 minutes (429); an address past 30 attempts is slowed to one check a second.'), body: { type: 'object' }, response: { 200: authTokenAnswer, '4xx': problemResponse } } }, async (request, reply) => {
      const { username, password } = parseOrThrow(loginSchema, request.body);
      const login = username.toLowerCase();
      const accountKey = `account:${login}`;
      const addressKey = `address:${request.ip}`;
      // Counted before anything is checked: parallel guesses cannot all slip under the limit.
      if (!(await countAttempt(sql, accountKey, THROTTLE.accountFailures))) throw new DomainError('rate_limited', [AUTH_MESSAGES.throttled]);
      const wait = await reserveAddressTurn(sql, addressKey);
      if (wait === null) {
        await uncountAttempt(sql, accountKey);
        throw new DomainError('rate_limited', [AUTH_MESSAGES.throttled]);
      }
      if (wait > 0) await sleep(wait);
      if (Math.random() < 0.01) await pruneThrottle(sql);
      const credential = await credentialOf(sql, login);
      const ok = await verifyPassword(credential?.passwordHash ?? null, password);
      if (!ok || !credential) {
        if (credential) await recordFailedLogin(sql, login);
        throw new DomainError('unauthorized', [AUTH_MESSAGES.invalidCredentials]);
      }
      await clearFailures(sql, accountKey);
      await uncountAttempt(sql, addressKey);
      return signIn(request, reply, { userKind: credential.userKind, userId: credential.userId });
    });

    app.post('/auth-api/refresh', { schema: { ...apiDoc('Sign-in and sessions', 'Renew the access token', 'Rotates the refresh cookie and answers a new access token in the same session. A refresh token used twice ends the session (two tabs refreshing within 10 s both get the same new token); sessions end 30 days after sign-in.'), response: { 200: authTokenAnswer, '4xx': problemResponse } }, config: cookieRoute }, async (request, reply) => {
      const current = request.cookies[REFRESH_COOKIE];
      const tools = request.server.authTools;
      const rotated = current ? await rotateRefreshToken(sql, current, deps.refresh, deps.tokens.secret, tools.browserBinding(request)) : null;
      if (!rotated?.ok) {
        if (rotated?.sessionId) tools.forgetSession(rotated.sessionId);
        reply.clearCookie(REFRESH_COOKIE, { path: '/auth-api' });
        throw new DomainError('unauthorized', [AUTH_MESSAGES.sessionExpired]);
      }
      const payload = await buildTokenPayload(sql, deps.tokens, rotated.subject, rotated.session, 'REFRESH');
      if (!payload) throw new DomainError('unauthorized', [AUTH_MESSAGES.sessionExpired]);
      setRefreshCookie(request, reply, rotated.token);
      bindBrowserTo(request, reply, rotated.session);
      return { dataSet: payload };
    });

    // A new access token in the same session, read afresh (no cache): a revoked or ended session gets none.
    app.post('/auth-api/app-refresh', { schema: { ...apiDoc('Sign-in and sessions', 'Renew the token with the roles held now', 'A new access token in the caller\'s session, with the roles the user holds now (after an admin\'s change); an ended session gets 401.'), response: { 200: authTokenAnswer, '4xx': problemResponse } }, config: { access: 'authenticated', antiForgery: 'browser' } }, async (request, reply) => {
      const auth = request.auth!;
      const session = await activeSession(sql, auth.sessionId);
      if (!session) {
        request.server.authTools.forgetSession(auth.sessionId);
        throw new DomainError('unauthorized', [AUTH_MESSAGES.sessionExpired]);
      }
      const payload = await buildTokenPayload(sql, deps.tokens, { userKind: auth.kind, userId: auth.userId }, session, 'APP_REFRESH');
      if (!payload) throw new DomainError('unauthorized', [AUTH_MESSAGES.sessionExpired]);
      bindBrowserTo(request, reply, session);
      return { dataSet: payload };
    });

    // Sign-out ends the session of the refresh cookie and of the access token, and starts a new pre-session.
    app.delete('/auth-api/login', { schema: { ...apiDoc('Sign-in and sessions', 'Sign out', 'Ends the session of the refresh cookie and of the access token (other API processes refuse the token within 2 s), clears the refresh cookie and starts a new anti-forgery pre-session.'), response: { 204: noContent('Signed out (the refresh cookie cleared).') } }, config: cookieRoute }, async (request, reply) => {
      const tools = request.server.authTools;
      const current = request.cookies[REFRESH_COOKIE];
      const sessions = new Set<string>();
      const ofCookie = current ? await sessionOfRefreshToken(sql, current) : null;
      if (ofCookie) sessions.add(ofCookie);
      if (request.auth) sessions.add(request.auth.sessionId);
      for (const sessionId of sessions) {
        await revokeSession(sql, sessionId, 'signed out');
        tools.forgetSession(sessionId);
      }
      reply.clearCookie(REFRESH_COOKIE, { path: '/auth-api' });
      tools.newPreSession(request, reply);
      return reply.status(204).send();
    });

    app.get<{ Params: { securityToken: string } }>(
      '/auth-api/registration/:securityToken',
      { config: publicRoute, schema: { ...apiDoc('Registration', 'Check a registration link', 'Whether a registration link\'s token is valid, and for whom (the customer\'s name and e-mail), before the customer chooses a password.'), params: { type: 'object', properties: { securityToken: { type: 'string', maxLength: 100 } } },
        response: { 200: { type: 'object', properties: { dataSet: { type: 'object', properties: { firstName: { type: ['string', 'null'] }, lastName: { type: ['string', 'null'] }, emailAddress: { type: ['string', 'null'] } } } } }, '4xx': problemResponse } } },
      async (request) => {
        const customerId = await validRegistrationToken(request.params.securityToken);
        const c = await customerNameAndEmail(sql, customerId);
        if (!c) throw new DomainError('validation', [AUTH_MESSAGES.registrationLinkInvalid]);
        return { dataSet: c };
      },
    );

    app.post<{ Body: { securityToken?: string } }>(
      '/auth-api/registration',
      { config: publicRoute, schema: { ...apiDoc('Registration', 'Register from a registration link', 'Sets the customer\'s password from the e-mailed registration link (`securityToken`, `password`, `passwordConfirm`) and signs them in; the link is used once.'), body: { type: 'object', properties: { securityToken: { type: 'string', maxLength: 100 } } }, response: { 200: authTokenAnswer, '4xx': problemResponse } } },
      async (request, reply) => {
        const { password } = parseOrThrow(registrationPasswordsSchema, request.body);
        const customerId = await validRegistrationToken(request.body.securityToken ?? '');
        const login = (await customerNameAndEmail(sql, customerId))?.emailAddress?.toLowerCase();
        if (!login) throw new DomainError('validation', ['User MUST have email to register.']);
        if (!(await createCustomerCredential(sql, customerId, login, await hashPassword(password)))) throw new DomainError('conflict', [ACCOUNT_EXISTS]);
        try {
          await handle(deps.store, customerStreamId(customerId), customerDecider, { type: 'RegisterCustomer', data: { customerId } }, commandContext(request));
        } catch (error) {
          await deleteCustomerCredential(sql, customerId);
          throw error;
        }
        await useRegistrationTokens(sql, customerId);
        return signIn(request, reply, { userKind: 'customer', userId: customerId });
      },
    );

    // The recipient of a gift pack registers from the gift link (issue 13 "Gifts", gifts/register.ts):
    // the account, the gift claimed for it, and the sign-in.
    const giftDeps = {
      store: deps.store,
      sql,
      giftKey: giftTokenKey(verificationHashKey(deps.tokens.secret)),
      reservations: new ContactReservations(deps.store, reservationKeyFrom(deps.tokens.secret)),
      // A gift whose pack can no longer be issued is refunded to the buyer when its recipient comes (gifts/expiry.ts).
      provider: deps.payments ?? null,
    };
    const giftText = (max: number) => ({ type: ['string', 'null'], maxLength: max });
    app.post<{ Body: GiftRegistrationInput }>(
      '/auth-api/registration/gift',
      {
        config: publicRoute,
        schema: { ...apiDoc('Registration', 'Register from a gift link', 'Registers the recipient of a gift (`email`, `giftToken`, name, mobile, password) and claims the gift: the sign-in payload plus `gift`. 409 when the e-mail has an account or the gift expired (the buyer was refunded).'),
          body: {
            type: 'object',
            properties: {
              email: giftText(320),
              giftToken: giftText(GIFT_TOKEN_MAX * 2),
              firstName: giftText(200),
              lastName: giftText(200),
              phoneMobile: giftText(40),
              password: giftText(1024),
              passwordConfirm: giftText(1024),
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: authTokenPayloadSchema,
                gift: { type: 'object', properties: { giftId: { type: 'string' }, saleId: { type: 'string' }, message: { type: 'string' } } },
                metaData: { type: 'object', properties: { position: { type: 'string' } } },
              },
            },
            '4xx': problemResponse,
          },
        },
      },
      async (request, reply) => {
        const { customerId, view, position } = await registerFromGift(giftDeps, request.body ?? {}, commandContext(request));
        // The claim's position: the coupons page waits for it (read-your-writes); giftId and saleId for the client.
        return { ...(await signIn(request, reply, { userKind: 'customer', userId: customerId })), gift: view, metaData: { position: String(position) } };
      },
    );
  };
}
