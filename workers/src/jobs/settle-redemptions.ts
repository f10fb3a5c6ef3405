/**
 * Settling redemptions held for a customer's verification (issue 12): once the verification
 * has an outcome (accepted, overridden, declined or expired), each coupon held for it is
 * decided `SettleRedemptionVerification` on its own stream with the revision it was read at:
 * approval → CouponRedeemed (via 'verification'); decline or expiry → CouponRedemptionReleased,
 * then the redemption's claim on the RO ledger is released ('released'), as in the command
 * API's service order (docs/decisions/0045-redemption-void-change-routes-service.md, step 5).
 * Runs in the workers (the settle-held-redemptions job), driven by the domain's deciders
 * through platform's load/handle; it imports nothing of the command API.
 *
 * Which coupons: the facts, not the read model. A held redemption always claims on the ledger
 * of its RO before its coupon stream records the hold, and the verification names that RO; so
 * the ledger `ro-coupon-ledger-{locationId}-{roNumber}` of the verification's RO lists every
 * coupon that can be held for it. Each is read from its own stream and settled only when it
 * holds a redemption for this verification. The read model (rm_pack_sales.issued_coupons) adds
 * candidates it knows of (it may lag, never leads). A claim younger than the ledger's grace
 * whose coupon does not hold it yet may be a hold being written right now: the answer says
 * when to look again (`retryAt`), so the caller (the workers' job) runs once more after it.
 *
 * Idempotent: a coupon already settled (or voided, or held for another verification) records
 * nothing; the events' ids are derived from the redemption id, and a release already done is a
 * no-op on the ledger. Safe to run any number of times, concurrently with redeem commands.
 */
import {
  RO_CLAIM_GRACE_MS,
  issuedCouponStreamId,
  outcomeAt,
  redemptionVerificationStreamId,
  roCouponLedgerStreamId,
  type RedemptionVerificationState,
} from '@dealer/contracts';
import { deterministicUuid, handle, load, WrongExpectedRevisionError, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { issuedCouponDecider } from '@dealer/domain/coupon-redemption/decide';
import { roCouponLedgerDecider } from '@dealer/domain/coupon-redemption/ro-ledger-decide';
import { redemptionVerificationDecider } from '@dealer/domain/redemption-verification/decide';

export interface SettleDeps {
  store: EventStore;
  sql: Sql;
}

const loadIssuedCoupon = (store: EventStore, issuedCouponId: string) => load(store, issuedCouponStreamId(issuedCouponId), issuedCouponDecider);
const loadRoLedger = (store: EventStore, at: { locationId: number; roNumber: string }) => load(store, roCouponLedgerStreamId(at.locationId, at.roNumber), roCouponLedgerDecider);
const loadVerification = async (store: EventStore, id: string): Promise<RedemptionVerificationState | null> =>
  (await load(store, redemptionVerificationStreamId(id), redemptionVerificationDecider)).state;

/** Gives a redemption's claim on an RO's ledger back (a no-op when already released). */
const release = (deps: SettleDeps, ctx: CommandContext, at: { locationId: number; roNumber: string }, redemptionId: string) =>
  handle(deps.store, roCouponLedgerStreamId(at.locationId, at.roNumber), roCouponLedgerDecider, {
    type: 'ReleaseRoCoupon',
    data: { locationId: at.locationId, roNumber: at.roNumber, redemptionId, reason: 'released', now: ctx.now() },
  }, ctx);
import { couponsHeldForVerification } from '@dealer/read-models/pack-sales/queries';
import { roClaimIsLive } from '@dealer/domain/coupon-redemption/ro-ledger';

export interface SettledRedemption {
  issuedCouponId: string;
  redemptionId: string;
  outcome: 'redeemed' | 'released';
}

export interface SettleHeldRedemptionsResult {
  /** Null: the verification does not exist or is still open (nothing settled). */
  verificationOutcome: ReturnType<typeof outcomeAt>;
  settled: SettledRedemption[];
  /** When a claim in its grace may still become a hold for this verification: look again at this time (ms). */
  retryAt: number | null;
}

const MAX_ATTEMPTS = 8;

/** A context whose event ids come from the redemption, so a replayed settle appends nothing new under another id. */
function settleContext(ctx: CommandContext, redemptionId: string): CommandContext {
  let n = 0;
  return { ...ctx, newId: () => deterministicUuid(`coupon-redemption-settled:${redemptionId}:${n++}`) };
}

/** Coupons the read model lists as held for this verification (candidates only; the stream decides). */
async function heldInReadModel(deps: SettleDeps, redemptionVerificationId: string): Promise<string[]> {
  return couponsHeldForVerification(deps.sql, redemptionVerificationId);
}

async function settleCoupon(
  deps: SettleDeps,
  ctx: CommandContext,
  issuedCouponId: string,
  redemptionVerificationId: string,
): Promise<SettledRedemption | null> {
  for (let attempt = 1; ; attempt++) {
    const issued = await loadIssuedCoupon(deps.store, issuedCouponId);
    const held = issued.state.current;
    if (!held || held.status !== 'awaiting-verification' || held.redemptionVerificationId !== redemptionVerificationId) return null;
    // Read again for every attempt: the decider needs the verification as it stands now.
    const verification = await loadVerification(deps.store, redemptionVerificationId);
    if (!verification) return null;
    const c = settleContext(ctx, held.redemptionId);
    let result;
    try {
      result = await handle(
        deps.store,
        issuedCouponStreamId(issuedCouponId),
        issuedCouponDecider,
        { type: 'SettleRedemptionVerification', data: { redemptionId: held.redemptionId, verification, now: ctx.now() } },
        c,
        { expectedRevision: issued.revision },
      );
    } catch (error) {
      // A redeem (releasing a lapsed hold), a void or another settle got there first: read again.
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    const now = result.state.current;
    if (now?.redemptionId === held.redemptionId && now.status === 'redeemed') return { issuedCouponId, redemptionId: held.redemptionId, outcome: 'redeemed' };
    const ended = result.state.ended.find((e) => e.redemptionId === held.redemptionId && e.outcome === 'released');
    if (!ended) return null; // still open (cannot happen once the outcome is final) or settled otherwise
    await release(deps, ctx, ended, held.redemptionId);
    return { issuedCouponId, redemptionId: held.redemptionId, outcome: 'released' };
  }
}

/**
 * Settles every coupon held for the verification, when the verification has an outcome
 * (recorded, or its expiry passed). Open verification: nothing is done.
 */
export async function settleHeldRedemptions(
  deps: SettleDeps,
  redemptionVerificationId: string,
  ctx: CommandContext,
  options: { issuedCouponIds?: readonly string[] } = {},
): Promise<SettleHeldRedemptionsResult> {
  const verification = await loadVerification(deps.store, redemptionVerificationId);
  const now = ctx.now();
  const outcome = verification ? outcomeAt(verification, now) : null;
  if (!verification || !outcome) return { verificationOutcome: null, settled: [], retryAt: null };

  const ledger = await loadRoLedger(deps.store, verification);
  const candidates = new Set<string>([
    ...ledger.state.claims.map((c) => c.issuedCouponId),
    ...(await heldInReadModel(deps, redemptionVerificationId)),
    ...(options.issuedCouponIds ?? []),
  ]);

  const settled: SettledRedemption[] = [];
  for (const issuedCouponId of candidates) {
    const done = await settleCoupon(deps, ctx, issuedCouponId, redemptionVerificationId);
    if (done) settled.push(done);
  }

  // A claim still in its grace whose coupon does not hold it may be a hold being recorded now;
  // a claim whose redemption its coupon released (a settle that stopped before the release) is released.
  let retryAt: number | null = null;
  for (const claim of ledger.state.claims) {
    const coupon = await loadIssuedCoupon(deps.store, claim.issuedCouponId);
    if (coupon.state.current?.redemptionId === claim.redemptionId) continue;
    const ended = coupon.state.ended.find((e) => e.redemptionId === claim.redemptionId);
    if (ended) {
      if (ended.outcome === 'released') await release(deps, ctx, verification, claim.redemptionId);
      continue;
    }
    if (!roClaimIsLive(claim, { locationId: verification.locationId, roNumber: verification.roNumber }, coupon.state, now)) continue;
    const at = Date.parse(claim.claimedAt) + RO_CLAIM_GRACE_MS + 1000;
    retryAt = retryAt === null ? at : Math.max(retryAt, at);
  }
  return { verificationOutcome: outcome, settled, retryAt };
}
