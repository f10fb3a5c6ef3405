/**
 * Redemptions on voided ROs (issue 12): POST /api/coupon-redemption-reviews {redemptionId, note}
 * (managers and admins) keeps a redemption the DMS data shows on a voided RO; 201 {id, message}
 * with the read-your-writes position. 409 when it is not live, not on a voided RO or kept already.
 * The list is GET /api/coupon-redemption-reviews on the query side; the other way off it is voiding
 * the redemption through its void route. Raw bounds only here; the rules run in contracts and decide.ts.
 */
import type { FastifyInstance } from 'fastify';
import { REDEMPTION_REVIEW_MESSAGES, positionMetaDataSchema } from '@dealer/contracts';
import { INPUT_SCHEMAS, locatedActor, type EventStore, type Sql, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { keepRedemption } from '../coupon-redemption-reviews/service';
import { problemResponse } from './schemas';

const keepBody = { type: ['object', 'null'], properties: { redemptionId: INPUT_SCHEMAS.nullableText(200), note: INPUT_SCHEMAS.nullableText(2000) } } as const;
const answer = {
  type: 'object',
  properties: {
    dataSet: { type: 'object', properties: { id: { type: 'string' }, redemptionId: { type: 'string' }, message: { type: 'string' } } },
    metaData: positionMetaDataSchema,
  },
} as const;

export const couponRedemptionReviewRoutes = (deps: { store: EventStore; sql: Sql }) =>
  async function routes(app: FastifyInstance) {
    app.post<{ Body: Record<string, unknown> | null | undefined }>(
      '/api/coupon-redemption-reviews',
      { config: { access: 'coupon-redemption-reviews' }, schema: { ...apiDoc('Coupon redemptions', 'Keep a redemption on a voided RO', 'Keeps a redemption on its voided RO with a required `note`: 201.'), body: keepBody, response: { 201: answer, '4xx': problemResponse } } },
      async (request, reply) => {
        const result = await keepRedemption(deps, request.body ?? {}, locatedActor(request), commandContext(request));
        reply.status(201);
        return {
          dataSet: { id: result.redemptionId, redemptionId: result.redemptionId, message: REDEMPTION_REVIEW_MESSAGES.kept },
          metaData: result.position === null ? {} : { position: String(result.position) },
        };
      },
    );
  };
