/** Redemptions on voided ROs (issue 12): POST /api/coupon-redemption-reviews. Being built. */
import type { FastifyInstance } from 'fastify';
import type { EventStore, Sql } from '@dealer/platform';

export const couponRedemptionReviewRoutes = (_deps: { store: EventStore; sql: Sql }) => async (_app: FastifyInstance) => {};
