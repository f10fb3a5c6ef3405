/**
 * The pack catalogue's commands (issue 11; managers and admins, access resource 'packs'):
 * POST /api/packs {terms, items} (201), PUT /api/packs/{id} (terms + expectedRevision: 428
 * without, 409 when stale), POST /api/packs/{id}/disable {reason?}, POST /api/packs/{id}/enable,
 * POST /api/packs/{id}/coupons {couponId, quantity?} (adds, or sets the quantity of a coupon the
 * pack holds), DELETE /api/packs/{id}/coupons/{couponId}. Answers are CommandAnswer
 * (contracts/src/packs/views.ts) with SPEC 8's texts. The reads are the query API's.
 */
import type { FastifyInstance } from 'fastify';
import { INPUT_SCHEMAS, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { addCouponToPack, createPack, disablePack, editPack, enablePack, removeCouponFromPack } from '../packs/service';
import { commandAnswerSchema, commandEnvelope, emptyBody, packBody, packEditBody, packItemBody, reasonBody } from '../coupons/schemas';
import { idParams, problemResponse } from './schemas';

const access = { access: 'packs' } as const;
const answer = commandAnswerSchema('packId');
const itemParams = { type: 'object', required: ['id', 'couponId'], properties: { id: INPUT_SCHEMAS.uuid, couponId: INPUT_SCHEMAS.uuid } } as const;

export function packRoutes(deps: { store: EventStore; sql: Sql }) {
  return async function routes(app: FastifyInstance) {
    app.post('/api/packs', { config: access, schema: { ...apiDoc('Packs', 'Add a pack', 'Defines a pack: name, price (cents), selling locations, term in months and optional mileage, and its coupons with quantities. 201.'), body: packBody, response: { 201: answer, '4xx': problemResponse } } }, async (request, reply) => {
      const result = await createPack(deps, request.body, commandContext(request));
      reply.status(201);
      return commandEnvelope(result, 'packId');
    });

    app.put<{ Params: { id: string } }>(
      '/api/packs/:id',
      { config: access, schema: { ...apiDoc('Packs', 'Edit a pack', 'Replaces the terms (never the coupons); requires `expectedRevision` (428 without, 409 when stale or disabled).'), params: idParams, body: packEditBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await editPack(deps, request.params.id, request.body, commandContext(request)), 'packId'),
    );

    app.post<{ Params: { id: string } }>(
      '/api/packs/:id/disable',
      { config: access, schema: { ...apiDoc('Packs', 'Disable a pack', 'Stops selling a pack (`reason` optional).'), params: idParams, body: reasonBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await disablePack(deps, request.params.id, request.body, commandContext(request)), 'packId'),
    );

    app.post<{ Params: { id: string } }>(
      '/api/packs/:id/enable',
      { config: access, schema: { ...apiDoc('Packs', 'Enable a pack', 'Sells a disabled pack again.'), params: idParams, body: emptyBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await enablePack(deps, request.params.id, commandContext(request)), 'packId'),
    );

    app.post<{ Params: { id: string } }>(
      '/api/packs/:id/coupons',
      { config: access, schema: { ...apiDoc('Packs', 'Add a coupon to a pack', 'Adds an active coupon to a pack, or sets its quantity (`couponId`, `quantity` 1-99).'), params: idParams, body: packItemBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await addCouponToPack(deps, request.params.id, request.body, commandContext(request)), 'packId'),
    );

    app.delete<{ Params: { id: string; couponId: string } }>(
      '/api/packs/:id/coupons/:couponId',
      { config: access, schema: { ...apiDoc('Packs', 'Remove a coupon from a pack', 'Removes a coupon from a pack; 404 when the pack does not hold it.'), params: itemParams, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => commandEnvelope(await removeCouponFromPack(deps, request.params.id, request.params.couponId, commandContext(request)), 'packId'),
    );
  };
}
