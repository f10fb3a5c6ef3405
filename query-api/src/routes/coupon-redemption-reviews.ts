/**
 * GET /api/coupon-redemption-reviews?locationId= (managers and admins): the live redemptions,
 * digital and paper, whose RO the DMS data shows voided and that no manager kept, at a location
 * (0 or none: every location), newest first, at most REVIEW_LIST_LIMIT, as SPEC 3's envelope
 * `{dataSet: [...]}`. A manager voids one (the redemption void routes) or keeps it
 * (POST /api/coupon-redemption-reviews on the command side); either takes it off the list.
 */
import type { FastifyInstance } from 'fastify';
import { voidedRoRedemptionSchema } from '@dealer/contracts';
import { apiDoc, type Sql } from '@dealer/platform';
import { REDEMPTION_REVIEWS, listVoidedRoRedemptions } from '@dealer/read-models/redemption-reviews/queries';
import { managedLocationIds } from './role-locations';

export const couponRedemptionReviewQueryRoutes = (sql: Sql) =>
  async function routes(app: FastifyInstance) {
    app.get<{ Querystring: { locationId?: number } }>(
      '/api/coupon-redemption-reviews',
      {
        config: { access: 'coupon-redemption-reviews', readModels: [REDEMPTION_REVIEWS] },
        schema: { ...apiDoc('Coupon redemptions', 'Redemptions on voided ROs', 'Live redemptions (digital and paper) on ROs the DMS data shows voided and not kept, newest first, at the caller\'s manager locations (`locationId`).'),
          querystring: { type: 'object', properties: { locationId: { type: 'integer', minimum: 0, maximum: 2147483647 }, minPosition: { type: 'string', maxLength: 40 } } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: voidedRoRedemptionSchema } } } },
        },
      },
      async (request, reply) => {
        const locationId = request.query.locationId ? request.query.locationId : null;
        // Issue 20: a manager reviews the locations where they hold the manager role (admins every location); another location: an empty list.
        const managed = await managedLocationIds(sql, request);
        const locationIds = locationId === null ? managed : managed.filter((id) => id === locationId);
        // An import or a colleague's void changes the list at any moment: never cached.
        reply.header('cache-control', 'no-store');
        return { dataSet: await listVoidedRoRedemptions(sql, locationIds) };
      },
    );
  };
