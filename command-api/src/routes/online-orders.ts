/**
 * Buying a pack online (issue 13), customers only, each for their own orders:
 *   POST /api/online-orders {packId, locationId}                    -> OnlineOrderPlacedView
 *   POST /api/online-orders/{orderId}/confirm {cardNumber} | {paymentMethodId} -> OnlineOrderConfirmView
 * A decline answers 400 with the provider's message for the customer (nothing issued). The answer's
 * metaData.position is what the customer's next read waits for (their coupons at once).
 *
 *   POST /api/payment-webhooks/{provider}   public, proven by the provider's signature over the raw body
 * A payment-succeeded notification issues the order's pack once (the same as a confirm), so a
 * payment that succeeds while the browser is gone still issues it; a replay changes nothing.
 * Other kinds are acknowledged (2xx, so the provider stops resending) and change nothing here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CARD_NUMBER_MAX, GIFT_MESSAGE_MAX, GIFT_RECIPIENT_EMAIL_MAX, PAYMENT_METHOD_ID_MAX } from '@dealer/contracts';
import { DomainError, systemContext, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { confirmOnlineOrder, onlineOrderPaymentSucceeded, placeOnlineOrder } from '../online-orders/service';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import { problemResponse } from './schemas';

const money = { type: 'integer' };
const meta = { type: 'object', properties: { position: { type: 'string' } } };

/** Where the raw body waits for the signature check: a symbol key, so the JSON input guards never walk
 * the provider's bytes (they are bounded by bodyLimit, verified, and never stored as they are). */
const RAW = Symbol('raw webhook body');
const WEBHOOK_BODY_LIMIT = 256 * 1024;

function customerOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (!auth || auth.kind !== 'customer') throw new DomainError('forbidden', ['Only customers buy packs online.']);
  return auth.userId;
}

export function onlineOrderRoutes(deps: { store: EventStore; sql: Sql; provider: PaymentProvider | null; giftKey: Buffer }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: { packId?: unknown; locationId?: unknown; recipientEmail?: unknown; giftMessage?: unknown } }>(
      '/api/online-orders',
      {
        config: { access: 'online-orders' },
        schema: { ...apiDoc('Online orders', 'Place an online order', 'A signed-in customer orders a pack (`packId`, `locationId`; `recipientEmail` and `giftMessage` for a gift): the price, the location\'s sales tax, the total, and the provider\'s payment to confirm.'),
          // Types and bounds here; missing or wrong fields get the checkout's own messages.
          body: {
            type: 'object',
            additionalProperties: false,
            properties: {
              packId: { type: ['string', 'null'], maxLength: 64 },
              locationId: { type: ['integer', 'null'], minimum: 0, maximum: 2147483647 },
              // A gift (issue 13): the recipient's e-mail and a short message; blank means no gift.
              recipientEmail: { type: ['string', 'null'], maxLength: GIFT_RECIPIENT_EMAIL_MAX + 64 },
              giftMessage: { type: ['string', 'null'], maxLength: GIFT_MESSAGE_MAX + 64 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'object',
                  properties: {
                    orderId: { type: 'string' },
                    price: money,
                    tax: money,
                    total: money,
                    provider: { type: 'string' },
                    notice: { type: ['string', 'null'] },
                    clientSecret: { type: ['string', 'null'] },
                    publishableKey: { type: ['string', 'null'] },
                    scriptUrl: { type: ['string', 'null'] },
                  },
                },
                metaData: meta,
              },
            },
            '4xx': problemResponse,
          },
        },
      },
      async (request) => {
        const customerId = customerOf(request);
        const { view, position } = await placeOnlineOrder(deps, customerId, request.body ?? {}, commandContext(request));
        return { dataSet: view, metaData: { position: String(position) } };
      },
    );

    app.post<{ Params: { orderId: string }; Body: { cardNumber?: unknown; paymentMethodId?: unknown } }>(
      '/api/online-orders/:orderId/confirm',
      {
        config: { access: 'online-orders' },
        schema: { ...apiDoc('Online orders', 'Pay an online order', 'Confirms the payment (`cardNumber` with the demo provider, `paymentMethodId` with Stripe): paid issues the pack sale and its coupons at once and e-mails a receipt; declined is a 400 with the card\'s message. A retry or a second confirm charges once.'),
          params: { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string', format: 'uuid' } } },
          body: {
            type: 'object',
            additionalProperties: false,
            properties: {
              cardNumber: { type: ['string', 'null'], maxLength: CARD_NUMBER_MAX * 2 },
              paymentMethodId: { type: ['string', 'null'], maxLength: PAYMENT_METHOD_ID_MAX },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: {
                  type: 'object',
                  properties: {
                    orderId: { type: 'string' },
                    status: { type: 'string', enum: ['paid', 'failed'] },
                    saleId: { type: ['string', 'null'] },
                    message: { type: 'string' },
                    gift: {
                      type: ['object', 'null'],
                      properties: { recipientEmail: { type: 'string' }, expiresAt: { type: 'string' } },
                    },
                  },
                },
                metaData: meta,
              },
            },
            '4xx': problemResponse,
          },
        },
      },
      async (request) => {
        const customerId = customerOf(request);
        const { view, position } = await confirmOnlineOrder(deps, customerId, request.params.orderId.toLowerCase(), request.body ?? {}, commandContext(request));
        return { dataSet: view, metaData: position === null ? {} : { position: String(position) } };
      },
    );

    // The provider's webhook, in its own scope so the raw-body parser reaches no other route.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, { [RAW]: body }));
      scope.post<{ Params: { provider: string } }>(
        '/api/payment-webhooks/:provider',
        {
          config: { access: 'public', antiForgery: 'signed-webhook' },
          schema: {
            ...apiDoc('Online orders', 'Payment provider webhook', 'The payment provider\'s signed event (no anti-forgery pair: the signature over the raw body is the proof). A succeeded payment issues the pack once even when the browser never confirmed; replays change nothing.'),
            params: { type: 'object', required: ['provider'], properties: { provider: { type: 'string', enum: ['stripe', 'demo'] } } },
            response: { 200: { type: 'object', properties: { received: { type: 'boolean' } } }, '4xx': problemResponse },
          },
        },
        async (request) => {
          const provider = deps.provider;
          if (!provider || provider.name !== request.params.provider) throw new DomainError('not_found', ['No such payment provider.']);
          const raw = (request.body as { [RAW]?: Buffer } | undefined)?.[RAW];
          const notification = await provider.parseWebhook({ rawBody: raw ?? '', headers: request.headers });
          if (notification.kind === 'payment-succeeded' && notification.orderId) {
            const ctx = systemContext(`system:payment-webhook:${provider.name}`, request.id);
            await onlineOrderPaymentSucceeded(deps, notification.orderId, notification.paymentId, notification.amountCents, ctx);
          }
          return { received: true };
        },
      );
    });
  };
}
