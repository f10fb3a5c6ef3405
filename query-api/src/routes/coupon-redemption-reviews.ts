/** Redemptions on voided ROs (issue 12): GET /api/coupon-redemption-reviews. Being built. */
import type { FastifyInstance } from 'fastify';
import type { Sql } from '@dealer/platform';

export const couponRedemptionReviewQueryRoutes = (_sql: Sql) => async (_app: FastifyInstance) => {};
