/**
 * Redeeming coupons (issue 12):
 * - POST /api/coupon-redemptions (staff) redeems an issued coupon on an RO: 201, redeemed or held
 *   for the customer's verification; 412 when the line needs a verification none gives;
 * - POST /api/coupon-redemptions/{issuedCouponId}/void (staff: their own on the day; managers any)
 *   voids a redemption with a reason;
 * - PUT /api/coupon-redemptions/{issuedCouponId} (same rule) moves a redemption to another RO.
 * Raw bounds only here; the rules and their messages run in contracts and the decider.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COUPON_REDEMPTION_MESSAGES, positionMetaDataSchema } from '@dealer/contracts';
import { INPUT_SCHEMAS, INT32_MAX, locatedActor, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { changeCouponRedemptionRo, redeemCoupon, voidCouponRedemption, type CouponRedemptionResult } from '../coupon-redemptions/service';
import { OPCODE_RULES_READ_MODEL, PENDING_APPROVALS_READ_MODEL } from '../redemption-verifications/lookups';
import { problemResponse, uuid } from './schemas';

const rawNumber = { type: ['number', 'null'], minimum: -INT32_MAX, maximum: INT32_MAX } as const;
const rawText = (maxLength: number) => INPUT_SCHEMAS.nullableText(maxLength);

const redeemBody = {
  type: 'object',
  properties: { issuedCouponId: rawText(200), customerId: rawText(200), locationId: rawNumber, roNumber: rawText(200) },
} as const;
const voidBody = { type: ['object', 'null'], properties: { redemptionId: rawText(200), reason: rawText(2000) } } as const;
const changeBody = { type: ['object', 'null'], properties: { redemptionId: rawText(200), locationId: rawNumber, roNumber: rawText(200) } } as const;
const couponParams = { type: 'object', required: ['issuedCouponId'], properties: { issuedCouponId: uuid } } as const;

const answer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: {
        redemptionId: { type: 'string' },
        id: { type: 'string' },
        issuedCouponId: { type: 'string' },
        status: { type: 'string' },
        amount: { type: 'integer' },
        revision: { type: 'integer' },
        message: { type: 'string' },
      },
    },
    metaData: positionMetaDataSchema,
  },
} as const;

/** Who acts, authorised at the location the action happens at with the role held there (issue 20). */
const actorOf = (request: FastifyRequest) => locatedActor(request);

/**
 * Redeem and RO change read the op-code rules and the RO's newest verification from these read models: with the
 * client's X-Min-Position they wait for them, so a verification just started (or a rule just added) is seen.
 */
const VERIFICATION_READ_MODELS = [OPCODE_RULES_READ_MODEL, PENDING_APPROVALS_READ_MODEL];

function reply(result: CouponRedemptionResult, message: string) {
  return {
    dataSet: {
      redemptionId: result.redemptionId,
      id: result.redemptionId,
      issuedCouponId: result.issuedCouponId,
      status: result.status,
      amount: result.amount,
      revision: result.revision,
      message,
    },
    metaData: result.position === null ? {} : { position: String(result.position) },
  };
}

export function couponRedemptionRoutes(deps: { store: EventStore; sql: Sql }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Body: Record<string, unknown> | undefined }>(
      '/api/coupon-redemptions',
      { config: { access: 'coupon-redemptions', readModels: VERIFICATION_READ_MODELS }, schema: { ...apiDoc('Coupon redemptions', 'Redeem a coupon', 'Redeems an issued coupon on an RO (`issuedCouponId`, `customerId`, `locationId`, `roNumber`): 201 redeemed, or held while the customer\'s verification is open. 409 used, voided, expired or an RO cap; 412 when a verification is needed.'), body: redeemBody, response: { 201: answer, '4xx': problemResponse } } },
      async (request, res) => {
        const result = await redeemCoupon(deps, request.body ?? {}, actorOf(request), commandContext(request));
        res.status(201);
        const held = result.status === 'awaiting-verification';
        return reply(result, held ? COUPON_REDEMPTION_MESSAGES.awaitingVerification(String((request.body ?? {}).roNumber ?? '').trim().toUpperCase()) : COUPON_REDEMPTION_MESSAGES.redeemed);
      },
    );

    app.post<{ Params: { issuedCouponId: string }; Body: Record<string, unknown> | null | undefined }>(
      '/api/coupon-redemptions/:issuedCouponId/void',
      { config: { access: 'coupon-redemption-voids' }, schema: { ...apiDoc('Coupon redemptions', 'Void a redemption', 'Voids a redemption (`redemptionId`, `reason`): staff their own on the local day they made it, managers any. The coupon is usable again while valid.'), params: couponParams, body: voidBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) =>
        reply(await voidCouponRedemption(deps, request.params.issuedCouponId, request.body ?? {}, actorOf(request), commandContext(request)), COUPON_REDEMPTION_MESSAGES.voided),
    );

    app.put<{ Params: { issuedCouponId: string }; Body: Record<string, unknown> | null | undefined }>(
      '/api/coupon-redemptions/:issuedCouponId',
      { config: { access: 'coupon-redemptions', readModels: VERIFICATION_READ_MODELS }, schema: { ...apiDoc('Coupon redemptions', 'Move a redemption to another RO', 'Changes the RO of a redemption (`redemptionId`, `locationId`, `roNumber`), with the amount on the new RO.'), params: couponParams, body: changeBody, response: { 200: answer, '4xx': problemResponse } } },
      async (request) =>
        reply(await changeCouponRedemptionRo(deps, request.params.issuedCouponId, request.body ?? {}, actorOf(request), commandContext(request)), COUPON_REDEMPTION_MESSAGES.roChanged),
    );
  };
}
