/**
 * Consent to coupon reminders (issue 24 part 2, ADR 0089):
 *   PUT  /api/customers/{id}/marketing-consent {channel, granted}  a customer for themselves (source 'profile'), staff for any customer ('staff')
 *   POST /api/unsubscribe/{token}    public: the unsubscribe link of a reminder e-mail, RFC 8058 one-click (no cookies, no anti-forgery pair: the signed token is the proof)
 *   POST /api/sms/inbound            public: the SMS provider's signed webhook (STOP, START, HELP)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerStreamId, MARKETING_CHANNELS, MARKETING_CONSENT_MESSAGES, type MarketingChannel } from '@dealer/contracts';
import { DomainError, handle, systemContext, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { countAttempt, pruneThrottle } from '@dealer/platform/auth/throttle';
import { unsubscribeTokenKey, verifyUnsubscribeToken } from '@dealer/platform/auth/unsubscribe-token';
import { customerDecider } from '@dealer/domain/customer/decider';
import { commandContext } from '../plugins/request-context';
import type { ContactReservations } from '../customers/contact-reservations';
import { parseInboundSms, SMS_WEBHOOK_MESSAGES, verifySmsWebhook } from '../marketing-consent/sms-webhook';
import { receiveInboundSms } from '../marketing-consent/inbound-keywords';
import { idParams, problemResponse } from './schemas';

const position = (p: number | null) => (p === null ? {} : { position: String(p) });
const meta = { type: 'object', properties: { position: { type: 'string' } } } as const;

/** Unsubscribe links that do not verify, per client address in 15 minutes, before the address is refused for 15 minutes. */
export const UNSUBSCRIBE_MISSES = 30;

/** Where the raw body waits (a symbol key: the JSON input guards never walk the provider's bytes). */
const RAW = Symbol('raw inbound text');
const SMS_BODY_LIMIT = 64 * 1024;
/** One-click bodies are `List-Unsubscribe=One-Click` (or `{}` from our page); anything else is ignored. */
const UNSUBSCRIBE_BODY_LIMIT = 4 * 1024;

export interface MarketingConsentDeps {
  store: EventStore;
  sql: Sql;
  reservations: ContactReservations;
  /** verificationHashKey(AUTH_SECRET): the unsubscribe tokens' key derives from it. */
  hashKey: Buffer;
  /** SMS_WEBHOOK_SECRET; null: inbound texts are refused (404) and the log says why. */
  smsWebhookSecret: string | null;
}

const consentResponse = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: { customerId: { type: 'string' }, channel: { type: 'string', enum: [...MARKETING_CHANNELS] }, granted: { type: 'boolean' }, changed: { type: 'boolean' }, revision: { type: 'integer' } },
    },
    metaData: meta,
  },
} as const;

export function marketingConsentRoutes(deps: MarketingConsentDeps) {
  const tokenKey = unsubscribeTokenKey(deps.hashKey);
  let lastUnconfiguredWarning = 0;
  const setConsent = (request: FastifyRequest, customerId: string, channel: MarketingChannel, granted: boolean, source: 'profile' | 'staff' | 'unsubscribe-link') =>
    handle(deps.store, customerStreamId(customerId), customerDecider, { type: 'SetMarketingConsent', data: { customerId, channel, granted, source } }, commandContext(request));

  return async function routes(app: FastifyInstance) {
    app.put<{ Params: { id: string }; Body: { channel: MarketingChannel; granted: boolean } }>(
      '/api/customers/:id/marketing-consent',
      {
        config: { access: 'customers', customerScope: { in: 'params', field: 'id' } },
        schema: {
          ...apiDoc('Customers', 'Set consent to coupon reminders', 'Turns reminders before coupons expire on or off for one `channel` (`email` or `sms`). A signed-in customer sets their own (recorded as from My profile); staff record it for any customer (as from staff). Texts can be turned on only when the customer has a mobile phone (400 naming `channel`). Already so: 200, nothing recorded (`changed: false`).'),
          params: idParams,
          body: {
            type: 'object',
            required: ['channel', 'granted'],
            additionalProperties: false,
            properties: { channel: { type: 'string', enum: [...MARKETING_CHANNELS] }, granted: { type: 'boolean' } },
          },
          response: { 200: consentResponse, '4xx': problemResponse },
        },
      },
      async (request) => {
        const { channel, granted } = request.body;
        const customerId = request.params.id;
        const source = request.auth?.kind === 'customer' ? 'profile' : 'staff';
        const result = await setConsent(request, customerId, channel, granted, source);
        return { dataSet: { customerId, channel, granted, changed: result.position !== null, revision: result.revision }, metaData: position(result.position) };
      },
    );

    // The one-click unsubscribe and the inbound texts take bodies that are not this API's JSON:
    // each in its own scope, so their parsers reach no other route.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UNSUBSCRIBE_BODY_LIMIT }, (_request, _body, done) => done(null, {}));
      scope.post<{ Params: { token: string } }>(
        '/api/unsubscribe/:token',
        {
          config: { access: 'public', antiForgery: 'signed-webhook' },
          schema: {
            ...apiDoc('Customers', 'Unsubscribe from reminders (one-click)', 'The unsubscribe link of a reminder (RFC 8058 one-click): turns reminders off on the channel the signed token names, for the customer it names. No sign-in, no cookies and no anti-forgery pair (mail providers post `List-Unsubscribe=One-Click` as a form; the product\'s page posts `{}`): the token is the proof. The same 200 answer for a repeat; 404 for a token that does not verify. 30 such misses from one address in 15 minutes refuse that address for 15 minutes (429).'),
            params: { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } },
            response: {
              200: { type: 'object', properties: { dataSet: { type: 'object', properties: { channel: { type: 'string', enum: [...MARKETING_CHANNELS] }, granted: { type: 'boolean' } } }, metaData: meta } },
              '4xx': problemResponse,
            },
          },
        },
        async (request) => {
          const target = verifyUnsubscribeToken(tokenKey, request.params.token);
          if (!target) {
            // Only links that do not verify count: a provider posting many genuine ones is never slowed.
            const allowed = await countAttempt(deps.sql, `unsubscribe-address:${request.ip}`, UNSUBSCRIBE_MISSES);
            if (Math.random() < 0.01) await pruneThrottle(deps.sql);
            if (!allowed) throw new DomainError('rate_limited', [MARKETING_CONSENT_MESSAGES.unsubscribeThrottled]);
            throw new DomainError('not_found', [MARKETING_CONSENT_MESSAGES.unsubscribeLinkInvalid]);
          }
          const ctx = commandContext(request);
          // Whoever holds the link acts for the customer it was sent to.
          if (!request.auth) ctx.actor = `customer-link:${target.customerId}`;
          const result = await setConsent(request, target.customerId, target.channel, false, 'unsubscribe-link');
          return { dataSet: { channel: target.channel, granted: false }, metaData: position(result.position) };
        },
      );
    });

    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SMS_BODY_LIMIT }, (_request, body, done) => done(null, { [RAW]: body }));
      scope.post(
        '/api/sms/inbound',
        {
          config: { access: 'public', antiForgery: 'signed-webhook' },
          schema: {
            ...apiDoc('Customers', 'SMS provider webhook: inbound texts', 'A text a customer sent to the product\'s number, from the SMS provider (ADR 0089): JSON `{messageId, from, to, body, receivedAt}`, with `X-Sms-Timestamp` (unix seconds) and `X-Sms-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" under SMS_WEBHOOK_SECRET>`; 401 for a bad signature or a timestamp more than 5 minutes off. STOP (STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) turns the sender\'s reminder texts off, START (UNSTOP, YES) on, HELP (INFO) changes nothing; each is answered by text once, also when the provider retries the delivery (same `messageId`). Other texts: 200, nothing recorded. 404 when SMS_WEBHOOK_SECRET is not set.'),
            response: { 200: { type: 'object', properties: { received: { type: 'boolean' } } }, '4xx': problemResponse },
          },
        },
        async (request) => {
          const secret = deps.smsWebhookSecret;
          if (!secret) {
            // Said in the log at the first refusal and then at most every 10 minutes (a provider retries often).
            if (Date.now() - lastUnconfiguredWarning > 600_000) {
              lastUnconfiguredWarning = Date.now();
              request.log.warn('POST /api/sms/inbound refused (404): SMS_WEBHOOK_SECRET is not set, so inbound texts (STOP, START, HELP) cannot be verified');
            }
            throw new DomainError('not_found', [SMS_WEBHOOK_MESSAGES.notConfigured]);
          }
          const raw = (request.body as { [RAW]?: Buffer } | undefined)?.[RAW] ?? Buffer.alloc(0);
          verifySmsWebhook(secret, request.headers, raw, new Date());
          const sms = parseInboundSms(raw);
          const outcome = await receiveInboundSms(deps, sms, systemContext('system:sms-inbound', request.id));
          // Never the number or the text: the outcome only.
          request.log.info({ inbound: outcome.kind, keyword: outcome.kind === 'recorded' ? outcome.keyword : null, fromCustomer: outcome.kind === 'recorded' ? outcome.fromCustomer : null }, 'inbound text');
          return { received: true };
        },
      );
    });
  };
}
