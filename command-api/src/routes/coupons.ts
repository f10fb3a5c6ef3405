/**
 * The coupon catalogue's commands (issue 11; managers and admins, access resource 'coupons'):
 * POST /api/coupons (201), PUT /api/coupons/{id} (all terms + expectedRevision: 428 without,
 * 409 when stale), POST /api/coupons/{id}/disable {reason?}, POST /api/coupons/{id}/enable.
 * Answers are CommandAnswer (contracts/src/packs/views.ts). The reads are the query API's.
 */
import type { FastifyInstance } from 'fastify';
import { apiDoc, type EventStore, type Sql } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { defineCoupon, disableCoupon, editCoupon, enableCoupon } from '../coupons/service';
import { commandAnswerSchema, commandEnvelope, couponBody, couponEditBody, emptyBody, reasonBody } from '../coupons/schemas';
import { idParams, problemResponse } from './schemas';

const access = { access: 'coupons' } as const;
const answer = commandAnswerSchema('couponId');

export function couponRoutes(deps: { store: EventStore; sql: Sql }) {
  return async function routes(app: FastifyInstance) {
    app.post('/api/coupons', { config: access, schema: { ...apiDoc('Coupons', 'Add a coupon', 'Defines a coupon: name, op codes, value (fixed amount, percent of the line or of the operation up to a maximum), labour types, validity (months after sale or a fixed date), caps per RO, honouring locations. 201.'), body: couponBody, response: { 201: answer, '4xx': problemResponse } } }, async (request, reply) => {
      const result = await defineCoupon(deps, request.body, commandContext(request));
      reply.status(201);
      return commandEnvelope(result, 'couponId');
    });

    app.put<{ Params: { id: string } }>(
      '/api/coupons/:id',
      { config: access, schema: { ...apiDoc('Coupons', 'Edit a coupon', 'Replaces the terms; requires `expectedRevision` (428 without, 409 when stale or disabled). Packs already sold keep their terms.'), params: idParams, body: couponEditBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await editCoupon(deps, request.params.id, request.body, commandContext(request)), 'couponId'),
    );

    app.post<{ Params: { id: string } }>(
      '/api/coupons/:id/disable',
      { config: access, schema: { ...apiDoc('Coupons', 'Disable a coupon', 'Takes a coupon out of the catalogue (`reason` optional); it cannot go into packs until enabled.'), params: idParams, body: reasonBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await disableCoupon(deps, request.params.id, request.body, commandContext(request)), 'couponId'),
    );

    app.post<{ Params: { id: string } }>(
      '/api/coupons/:id/enable',
      { config: access, schema: { ...apiDoc('Coupons', 'Enable a coupon', 'Puts a disabled coupon back into the catalogue.'), params: idParams, body: emptyBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await enableCoupon(deps, request.params.id, commandContext(request)), 'couponId'),
    );
  };
}
