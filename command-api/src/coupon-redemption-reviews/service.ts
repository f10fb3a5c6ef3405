/**
 * POST /api/coupon-redemption-reviews {redemptionId, note} (managers and admins): keep a redemption
 * the DMS data shows on a voided RO. Order: check the body; find which stream holds the
 * redemption (read model `redemption_reviews`: digital coupon or paper book); read that stream
 * (the source of truth: is it live, on which RO now); read the RO's voidDate in the DMS data;
 * decide on the review stream and append with its revision (a conflict: read and decide again).
 * A retry of the same keep records nothing and answers the same, with the kept event's position.
 */
import { actorAt, type ActorAt } from '../authorization/actor-at';
import {
  REDEMPTION_REVIEW_MESSAGES as M,
  checkRedemptionReviewRequest,
  paperBookStreamId,
  redemptionReviewStreamId,
} from '@dealer/contracts';
import { DomainError, WrongExpectedRevisionError, appendDecided, load, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { loadIssuedCoupon, loadPaperBook } from '../coupon-redemptions/lookups';
import { redemptionReviewDecider, type LiveRedemption } from '@dealer/domain/redemption-review/decide';
import { reviewedRedemptionPlace, type ReviewedRedemptionPlace } from '@dealer/read-models/redemption-reviews/queries';

export interface RedemptionReviewDeps {
  store: EventStore;
  sql: Sql;
}

export interface KeepResult {
  redemptionId: string;
  /** Global position of the kept event (this request's, or the earlier identical keep's). */
  position: number | null;
}

const MAX_ATTEMPTS = 4;

type Located = ReviewedRedemptionPlace;

/** The redemption as its own stream says now: live and where, or null when it ended. */
async function liveRedemption(store: EventStore, redemptionId: string, at: Located): Promise<LiveRedemption | null> {
  if (at.kind === 'coupon') {
    const { state } = await loadIssuedCoupon(store, at.issued_coupon_id);
    const current = state.current;
    if (!current || current.redemptionId !== redemptionId || current.status !== 'redeemed') return null;
    return { redemptionId, kind: 'coupon', issuedCouponId: current.issuedCouponId, bookNumber: null, locationId: current.locationId, roNumber: current.roNumber };
  }
  const bookNumber = at.book_number ?? '';
  const { state } = await loadPaperBook(store, bookNumber);
  const current = Object.values(state.redemptions).find((r) => r.redemptionId === redemptionId);
  if (!current) return null;
  return { redemptionId, kind: 'paper', issuedCouponId: current.paperCouponId, bookNumber: current.bookNumber, locationId: current.locationId, roNumber: current.roNumber };
}

async function roVoidDate(sql: Sql, locationId: number, roNumber: string): Promise<string | null> {
  const [row] = await sql<{ void_date: string | null }[]>`
    select void_date::text as void_date from ref.repair_orders where location_id = ${locationId} and ro_number = ${roNumber.trim().toUpperCase()}`;
  return row?.void_date ?? null;
}

export async function keepRedemption(deps: RedemptionReviewDeps, request: unknown, who: ActorAt, ctx: CommandContext): Promise<KeepResult> {
  const checked = checkRedemptionReviewRequest(request);
  if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
  const { redemptionId, note } = checked.value;
  const located = await reviewedRedemptionPlace(deps.sql, redemptionId);
  if (!located) throw new DomainError('not_found', [M.notFound], { redemptionId: M.notFound });
  const redemption = await liveRedemption(deps.store, redemptionId, located);
  // Kept by a manager of the redemption's location (issue 20).
  const actor = redemption ? actorAt(who, redemption.locationId) : who;
  const voidDate = redemption ? await roVoidDate(deps.sql, redemption.locationId, redemption.roNumber) : null;
  const streamId = redemptionReviewStreamId(redemptionId);

  for (let attempt = 1; ; attempt++) {
    const loaded = await load(deps.store, streamId, redemptionReviewDecider);
    const events = redemptionReviewDecider.decide({ type: 'KeepRedemption', data: { redemption, roVoidDate: voidDate, note, by: actor.userId, now: ctx.now() } }, loaded.state);
    if (events.length === 0) {
      // The same keep again: answer with the kept event's position (read-your-writes holds for it too).
      const same = loaded.history.find((e) => {
        const d = e.data as { locationId: number; roNumber: string };
        return d.locationId === redemption!.locationId && d.roNumber === redemption!.roNumber;
      });
      return { redemptionId, position: same?.globalPosition ?? null };
    }
    try {
      // Appended at the revision read: a keep recorded meanwhile is read and decided on again.
      const appended = await appendDecided(deps.store, streamId, redemptionReviewDecider, loaded, events, ctx);
      return { redemptionId, position: appended.position };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}
