/**
 * Gift packs (issue 13 "Gifts"), the claim by a signed-in customer (the `/login/{giftToken}` link):
 *   POST /api/gift-claims {giftToken}   [customers: the gift goes to the signed-in one, whose e-mail must be the gift's]
 *     -> GiftClaimView; 400 a token that is not a gift's; 409 already claimed, expired, another e-mail
 * A new customer registers from the gift link instead (POST /auth-api/registration/gift, routes/auth.ts).
 * The answer's metaData.position is what the customer's next read waits for (their coupons at once).
 */
import type { FastifyInstance } from 'fastify';
import { GIFT_MESSAGES, GIFT_TOKEN_MAX } from '@dealer/contracts';
import { DomainError, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import { claimGift } from '../gifts/service';
import { problemResponse } from './schemas';

export function giftRoutes(deps: { store: EventStore; sql: Sql; giftKey: Buffer; provider?: PaymentProvider | null }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: { giftToken?: unknown } }>(
      '/api/gift-claims',
      {
        config: { access: 'gift-claims' },
        schema: { ...apiDoc('Gifts', 'Claim a gift', 'A signed-in customer claims a gift sent to their e-mail (`giftToken`): the pack becomes theirs. 409 when claimed already, expired or sent to another address.'),
          body: {
            type: 'object',
            additionalProperties: false,
            properties: { giftToken: { type: ['string', 'null'], maxLength: GIFT_TOKEN_MAX * 2 } },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: { type: 'object', properties: { giftId: { type: 'string' }, saleId: { type: 'string' }, message: { type: 'string' } } },
                metaData: { type: 'object', properties: { position: { type: 'string' } } },
              },
            },
            '4xx': problemResponse,
          },
        },
      },
      async (request) => {
        const auth = request.auth;
        if (!auth || auth.kind !== 'customer') throw new DomainError('forbidden', [GIFT_MESSAGES.onlyCustomers]);
        const { view, position } = await claimGift(deps, { giftToken: request.body?.giftToken, customerId: auth.userId, via: 'sign-in' }, commandContext(request));
        return { dataSet: view, metaData: { position: String(position) } };
      },
    );
  };
}
