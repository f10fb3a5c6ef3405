/**
 * Selling a pack and the commands on a sale (issue 11; route table in contracts/src/packs/views.ts):
 * - POST /api/pack-sales (staff) sells a pack to a customer: 201, pending or final by the sale RO;
 * - POST /api/pack-sales/{id}/finalise (managers) makes a pending sale final;
 * - POST /api/pack-sales/{id}/location (staff) corrects the sold location, with a reason;
 * - POST /api/pack-sales/{id}/void (managers) voids a sale none of whose coupons is used.
 * Raw bounds only here (numbers as `number` so a fraction gets contracts' message); the rules
 * and their messages run in contracts and the decider.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PACK_SALE_MESSAGES, positionMetaDataSchema, type PackSaleRequest } from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, locatedActor, INT32_MAX, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import { correctPackSaleLocation, finalisePackSale, sellPack, voidPackSale, type PackSaleResult } from '../pack-sales/service';
import { idParams, problemResponse } from './schemas';

const rawNumber = { type: ['number', 'null'], minimum: -INT32_MAX, maximum: INT32_MAX } as const;
const rawText = (maxLength: number) => INPUT_SCHEMAS.nullableText(maxLength);

const saleBody = {
  type: 'object',
  properties: {
    customerId: rawText(200),
    packId: rawText(200),
    locationId: rawNumber,
    roNumber: rawText(200),
    price: rawNumber,
    priceOverrideReason: rawText(2000),
  },
} as const;
const reasonBody = { type: ['object', 'null'], properties: { reason: rawText(2000) } } as const;
const locationBody = { type: ['object', 'null'], properties: { locationId: rawNumber, reason: rawText(2000) } } as const;
const emptyBody = { type: ['object', 'null'], properties: {} } as const;

const answer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: { saleId: { type: 'string' }, id: { type: 'string' }, revision: { type: 'integer' }, status: { type: 'string' }, message: { type: 'string' } },
    },
    metaData: positionMetaDataSchema,
  },
} as const;

/** Who acts, authorised at the location the action happens at with the role held there (issue 20). */
const actorOf = (request: FastifyRequest) => locatedActor(request);

function reply(result: PackSaleResult, message: string) {
  return {
    dataSet: { saleId: result.saleId, id: result.saleId, revision: result.revision, status: result.status, message },
    metaData: result.position === null ? {} : { position: String(result.position) },
  };
}

const validation = (message: string, field: string) => new DomainError('validation', [message], { [field]: message });
const text = (v: unknown) => (typeof v === 'string' ? v : null);

export function packSaleRoutes(deps: { store: EventStore; sql: Sql; payments?: PaymentProvider | null }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: Record<string, unknown> | undefined }>(
      '/api/pack-sales',
      { config: { access: 'pack-sales' }, schema: { ...apiDoc('Pack sales', 'Sell a pack', 'Sells a pack to a customer on a sale RO at a location (`customerId`, `packId`, `locationId`, `roNumber`; another `price` only for managers, with a reason): 201, final on a closed RO, else pending until an import shows it closed. The sale\'s id derives from the Idempotency-Key.'), body: saleBody, response: { 201: answer, '4xx': problemResponse } } },
      async (request, res) => {
        const result = await sellPack(deps, (request.body ?? {}) as unknown as PackSaleRequest, actorOf(request), commandContext(request));
        res.status(201);
        return reply(result, PACK_SALE_MESSAGES.sold);
      },
    );

    app.post<{ Params: { id: string } }>(
      '/api/pack-sales/:id/finalise',
      { config: { access: 'pack-sale-finalisations' }, schema: { ...apiDoc('Pack sales', 'Finalise a pending sale', 'Managers make a pending sale final before its RO closes.'), params: idParams, body: emptyBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => reply(await finalisePackSale(deps, request.params.id, actorOf(request), commandContext(request), 'manager'), PACK_SALE_MESSAGES.finalised),
    );

    app.post<{ Params: { id: string }; Body: { locationId?: unknown; reason?: unknown } | null | undefined }>(
      '/api/pack-sales/:id/location',
      { config: { access: 'pack-sale-location-corrections' }, schema: { ...apiDoc('Pack sales', 'Correct a sale\'s location', 'Moves a sale to another CRM location that sells the pack (`locationId`, `reason`); needs a role at the old and the new location.'), params: idParams, body: locationBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => {
        const raw = request.body?.locationId;
        const locationId = typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 ? raw : null;
        if (locationId === null) throw validation(PACK_SALE_MESSAGES.locationRequired, 'locationId');
        const result = await correctPackSaleLocation(deps, request.params.id, { locationId, reason: text(request.body?.reason) }, actorOf(request), commandContext(request));
        return reply(result, PACK_SALE_MESSAGES.locationCorrected);
      },
    );

    app.post<{ Params: { id: string }; Body: { reason?: unknown } | null | undefined }>(
      '/api/pack-sales/:id/void',
      { config: { access: 'pack-sale-voids' }, schema: { ...apiDoc('Pack sales', 'Void a sale', 'Managers void a sale none of whose coupons is used or held (`reason`); an online sale is refunded through the provider, once. 409 once a coupon is redeemed or held.'), params: idParams, body: reasonBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) => {
        const result = await voidPackSale(deps, request.params.id, { reason: text(request.body?.reason) }, actorOf(request), commandContext(request));
        return reply(result, PACK_SALE_MESSAGES.voidedSuccess);
      },
    );
  };
}
