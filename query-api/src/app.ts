/** The query API (read side: GET /api) as a fastify plugin; it reads only read tables. */
import type { FastifyInstance } from 'fastify';
import { registerInputGuards, registerReadYourWrites, type CheckpointWaiter, type EventStore, type Sql } from '@dealer/platform';
import { customerHistoryRoutes } from './routes/customer-history';
import { customerInfoFromRoRoutes } from './routes/customer-info-from-ro';
import { customerQueryRoutes } from './routes/customers';
import { devOutboxRoutes } from './routes/dev-outbox';
import { failedJobRoutes } from './routes/failed-jobs';
import { locationRoutes } from './routes/locations';
import { opCodeRuleQueryRoutes } from './routes/opcode-verification-rules';
import { opCodeQueryRoutes } from './routes/opcodes';
import { roDataRoutes } from './routes/ro-data';
import { roSearchRoutes } from './routes/ro-search';
import { userRoleQueryRoutes } from './routes/user-roles';
import { redemptionVerificationQueryRoutes } from './routes/redemption-verifications';
import { parkedEventQueryRoutes } from './routes/parked-events';
import { couponQueryRoutes } from './routes/coupons';
import { packQueryRoutes } from './routes/packs';
import { customerPurchaseRoutes } from './routes/customer-purchases';
import { paperBookQueryRoutes } from './routes/paper-books';
import { couponRedemptionReviewQueryRoutes } from './routes/coupon-redemption-reviews';
import { customerServiceHistoryRoutes } from './routes/customer-service-history';
import { packOfferRoutes } from './routes/pack-offers';
import { reportRoutes } from './routes/reports';
import { onlineOrderQueryRoutes } from './routes/online-orders';
import { trainingQueryRoutes } from './routes/training';
import { eventStreamRoutes } from './routes/events';
import { LiveHub } from './live/hub';
import { redemptionVerificationStreamsOf } from '@dealer/read-models/pending-approvals/queries';
import { staffNamesOf } from '@dealer/read-models/users/queries';
import { customerCouponStreamsOf, locationNamesOf } from '@dealer/read-models/redemption-reviews/queries';

export interface QueryApiDeps {
  sql: Sql;
  waiter: CheckpointWaiter;
  demoMode: boolean;
  /** Only the auditor's history replays the event store; every other route reads read tables. */
  store: EventStore;
  /** Live updates (ADR 0087): heartbeat and streams limits; defaults in live/hub.ts. */
  live?: { heartbeatMs?: number; maxPerUser?: number; maxStreams?: number };
}

export function queryApi(deps: QueryApiDeps) {
  return async function plugin(app: FastifyInstance) {
    registerInputGuards(app);
    registerReadYourWrites(app, deps.waiter);
    await app.register(customerQueryRoutes(deps.sql));
    await app.register(userRoleQueryRoutes(deps.sql));
    // The customer's history: their own streams, their verifications, and (issue 12) their pack sales, coupons, converted paper books and redemption reviews.
    const historyStreams = async (customerId: string) => [...(await redemptionVerificationStreamsOf(deps.sql, customerId)), ...(await customerCouponStreamsOf(deps.sql, customerId))];
    await app.register(customerHistoryRoutes(deps.store, historyStreams, (actors) => staffNamesOf(deps.sql, actors), () => locationNamesOf(deps.sql)));
    await app.register(roDataRoutes(deps.sql));
    await app.register(roSearchRoutes(deps.sql));
    await app.register(locationRoutes(deps.sql));
    await app.register(customerInfoFromRoRoutes(deps.sql));
    await app.register(redemptionVerificationQueryRoutes(deps.sql));
    await app.register(opCodeRuleQueryRoutes(deps.sql));
    await app.register(opCodeQueryRoutes(deps.sql));
    await app.register(parkedEventQueryRoutes(deps.sql));
    await app.register(failedJobRoutes(deps.sql));
    await app.register(couponQueryRoutes(deps.sql));
    await app.register(packQueryRoutes(deps.sql));
    await app.register(customerPurchaseRoutes(deps.sql));
    await app.register(paperBookQueryRoutes(deps.sql));
    await app.register(couponRedemptionReviewQueryRoutes(deps.sql));
    await app.register(customerServiceHistoryRoutes(deps.sql));
    await app.register(packOfferRoutes(deps.sql));
    await app.register(reportRoutes(deps.sql));
    await app.register(onlineOrderQueryRoutes(deps.sql));
    await app.register(trainingQueryRoutes(deps.sql));
    if (deps.demoMode) await app.register(devOutboxRoutes(deps.sql));
    // Issue 24 part 3: the live updates stream, fed by the read side's progress.
    const hub = new LiveHub({
      sql: deps.sql,
      store: deps.store,
      currentAuth: (sessionId) => app.authTools.currentAuth(sessionId),
      ...deps.live,
      onError: (error) => app.log.error({ err: String(error) }, 'live updates: reading the changes failed; retrying'),
    });
    app.addHook('preClose', async () => hub.stop());
    await app.register(eventStreamRoutes(hub));
  };
}

/** The live updates' settings from the environment (docs/configuration.md). */
export function liveSettings(env: { LIVE_HEARTBEAT_SECONDS: number; LIVE_MAX_STREAMS_PER_USER: number; LIVE_MAX_STREAMS: number }) {
  return { heartbeatMs: env.LIVE_HEARTBEAT_SECONDS * 1000, maxPerUser: env.LIVE_MAX_STREAMS_PER_USER, maxStreams: env.LIVE_MAX_STREAMS };
}
