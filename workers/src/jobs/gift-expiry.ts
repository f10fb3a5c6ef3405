/**
 * Gifts that end unclaimed (issue 13 "Gifts"): the buyer's payment goes back.
 *
 * Every GIFT_EXPIRY_SWEEP_INTERVAL_MS the workers (one active instance: periodic-sweep.ts) look
 * for paid gift orders whose payment is older than the gift's lifetime and whose gift was not
 * claimed, or whose gift ended but whose refund is not recorded yet (the `online_orders` read
 * model: status paid, a gift, no claim seen), and end / refund each one on its own streams
 * through platform's endGift (platform/src/gifts/end-gift.ts: GiftExpired with the gift stream's
 * revision, the provider's refund under `gift:{giftId}:refund`, OnlineOrderRefunded with the
 * order's revision), which the command API also uses when a recipient claims a gift whose pack can
 * no longer be issued. The read model only finds candidates; a crash or a provider error between
 * the steps is finished by the next sweep.
 */
import { GIFT_LIFETIME_DAYS } from '@dealer/contracts';
import { systemContext, type Logger, type Sql } from '@dealer/platform';
import { endGift, type GiftEndDeps } from '@dealer/platform/gifts/end-gift';
import { startPeriodicSweep, type PeriodicSweepHandle } from './periodic-sweep';
import { expiringGiftIds } from '@dealer/read-models/online-orders/queries';

export { endGift };
export const GIFT_EXPIRY_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Gifts handled per sweep (the next sweep takes the rest). */
export const GIFT_EXPIRY_SWEEP_BATCH = 100;
export const GIFT_EXPIRY_ACTOR = 'system:gift-expiry';

export type GiftExpiryDeps = GiftEndDeps;

export interface GiftSweepResult {
  refunded: number;
  failed: number;
}

/** Gift ids the read model shows paid, unclaimed and past their lifetime (or ended but not refunded): candidates only. */
const expiredGiftCandidates = (sql: Sql, cutoff: Date) => expiringGiftIds(sql, cutoff, GIFT_EXPIRY_SWEEP_BATCH);

/**
 * One sweep: paid gift orders paid at least the gift's lifetime ago whose gift the read model has
 * not seen claimed; each is decided on its own streams (the read model only finds candidates).
 */
export async function sweepExpiredGifts(deps: GiftExpiryDeps, now = new Date(), log?: (message: string, error: unknown) => void): Promise<GiftSweepResult> {
  const result: GiftSweepResult = { refunded: 0, failed: 0 };
  if (!deps.provider) return result;
  const cutoff = new Date(now.getTime() - GIFT_LIFETIME_DAYS * 86_400_000);
  for (const giftId of await expiredGiftCandidates(deps.sql, cutoff)) {
    try {
      if ((await endGift(deps, giftId, 'expired', now, systemContext(GIFT_EXPIRY_ACTOR))) === 'refunded') result.refunded++;
    } catch (error) {
      // The provider is down or refused: the gift stays ended and unrefunded, the next sweep asks again.
      result.failed++;
      log?.(`refunding expired gift ${giftId} failed`, error);
    }
  }
  return result;
}

/** Runs the sweep on a timer in the workers (nothing when online purchase is off). */
export function startGiftExpirySweeper(deps: GiftExpiryDeps & { logger?: Logger }, intervalMs = GIFT_EXPIRY_SWEEP_INTERVAL_MS): PeriodicSweepHandle | null {
  if (!deps.provider) return null;
  return startPeriodicSweep(deps, { lock: 'gifts:expiry-sweep', intervalMs, failure: 'sweeping expired gifts failed' }, (log) => sweepExpiredGifts(deps, new Date(), log));
}
