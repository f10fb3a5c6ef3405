/** The gift's stream read and folded, and the id of the sale a claim issues: shared by the gift commands and the expiry sweep. */
import { foldGift, giftStreamId, type GiftEvent, type GiftState } from '@dealer/contracts';
import { deterministicUuid, type EventStore } from '@dealer/platform';

/** The recipient's pack sale of a claimed gift: one per gift, whoever records it. */
export const giftSaleIdOf = (giftId: string) => deterministicUuid(`gift:${giftId}`);

export async function readGift(store: EventStore, giftId: string): Promise<{ revision: number; state: GiftState | null }> {
  const history = await store.readStream(giftStreamId(giftId));
  const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
  return { revision, state: foldGift(history as unknown as GiftEvent[]) };
}
