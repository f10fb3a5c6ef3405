/**
 * Job: settle the coupon redemptions held for a redemption verification once it has an outcome
 * (issue 12). Enqueued by the reactor for RedemptionVerificationAnswered, ...Overridden and
 * ...Expired (one job per event id). settle-redemptions.ts does the work (settleHeldRedemptions:
 * approval → CouponRedeemed; decline or expiry → CouponRedemptionReleased and the RO claim
 * released); it finds the held coupons from the facts (the RO ledger of the verification's RO
 * and each coupon's stream), not only from the read model, so a lagging projection loses
 * nothing. When a claim on that RO is still in its grace without its hold recorded (a redeem
 * under way as the outcome landed), the job waits until the grace has passed and runs again.
 * Idempotent: running it again records nothing new.
 */
import { systemContext, type EventStore, type Sql } from '@dealer/platform';
import { settleHeldRedemptions } from './settle-redemptions';
import type { DelayJob } from './send-redemption-verification';

export const SETTLE_ACTOR = 'system:redemption-settle';

export interface SettleHeldRedemptionsJob {
  redemptionVerificationId: string;
  customerId: string;
  eventId: string;
  correlationId: string;
}

export async function settleHeldRedemptionsJob(job: SettleHeldRedemptionsJob, deps: { store: EventStore; sql: Sql; now: () => Date }, delay: DelayJob): Promise<void> {
  const ctx = { ...systemContext(SETTLE_ACTOR, job.correlationId, job.eventId), now: deps.now };
  const result = await settleHeldRedemptions({ store: deps.store, sql: deps.sql }, job.redemptionVerificationId, ctx);
  if (result.retryAt !== null) await delay(result.retryAt);
}
