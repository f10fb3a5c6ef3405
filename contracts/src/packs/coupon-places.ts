/**
 * Where a sold coupon can be used (issue 23): a coupon of a pending sale only where the pack was sold (the
 * sale's location is locked until its visit closes), then at every location the coupon lists. One rule for
 * the pack's note and its coupon rows, so they never contradict each other.
 */
import type { CustomerCouponView } from './views';

type Placed = Pick<CustomerCouponView, 'locationIds' | 'locationNames' | 'soldLocationId' | 'soldLocationName' | 'saleStatus'>;

const nameOf = (name: string | null | undefined, id: number) => name ?? `Location ${id}`;

/** 'A', 'A and B', 'A, B and C'. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Where the coupon is good now, and where else once its pack is final (empty when nothing changes). */
export function couponPlaces(c: Placed): { now: string[]; onceFinal: string[] } {
  const listed = c.locationIds.map((id, i) => ({ id, name: nameOf(c.locationNames[i], id) }));
  if (c.saleStatus !== 'pending') return { now: listed.map((l) => l.name), onceFinal: [] };
  return { now: [nameOf(c.soldLocationName, c.soldLocationId)], onceFinal: listed.filter((l) => l.id !== c.soldLocationId).map((l) => l.name) };
}

/** The coupon's 'Good at' in words: 'Front Range Toyota only for now; Flatirons Honda and Cherry Creek Ford too once final'. */
export function couponPlacesWords(c: Placed): string {
  const { now, onceFinal } = couponPlaces(c);
  if (now.length === 0) return '-';
  if (onceFinal.length === 0) return now.join(', ');
  return `${joinNames(now)} only for now; ${joinNames(onceFinal)} too once the pack is final`;
}
