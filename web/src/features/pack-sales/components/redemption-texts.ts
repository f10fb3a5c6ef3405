// Words of the coupon-redemption actions on the Coupons panel. Server messages come from contracts
// (COUPON_REDEMPTION_MESSAGES); these are the labels and notes a service advisor reads.
import { COUPON_REDEMPTION_MESSAGES, formatDateTime, formatMoney, type CustomerCouponRedemptionView } from '@dealer/contracts';
import { locationLabel } from './pack-sale-texts';

export const REDEMPTION_TEXTS = {
  redeem: 'Redeem',
  void: 'Void',
  changeRo: 'Change RO #',
  redeemLabel: (coupon: string) => `Redeem ${coupon}`,
  voidLabel: (coupon: string) => `Void the redemption of ${coupon}`,
  changeRoLabel: (coupon: string) => `Change RO # of ${coupon}`,
  redemption: 'Redemption',
  awaiting: (ro: string) => `Waiting for the customer's verification on RO# ${ro}`,
  awaitingAt: (location: string) => `At ${location}`,
  awaitingNote: 'Completes when the customer approves; a decline or expiry leaves the coupon available.',
  awaitingBadge: 'Awaiting verification',
  redeemedOn: (ro: string, location: string, amount: string) => `RO# ${ro} at ${location}, ${amount} off`,
  redeemedWhen: (at: string, by: string | null) => (by ? `${at} by ${by}` : at),
  opCode: (op: string) => `Op code ${op}`,
  voidDescription: (coupon: string, ro: string) => `Void the redemption of ${coupon} on RO# ${ro}. The coupon becomes available again.`,
  refusalTitle: 'The coupon was not redeemed',
  roNotFoundHelp: 'Coupon RO Not Found: what to do',
  verificationNeeded:
    "This RO needs the customer's verification first. Start it in the Redemption verification panel below; once the customer approves, press Redeem again.",
  verificationNeededLinked: (ro: string) =>
    `Start the customer's verification for RO# ${ro}: once it is sent the coupon is held for this RO, and it is redeemed when the customer approves.`,
  startVerification: (ro: string) => `Start verification for RO# ${ro}`,
  verificationRequestReason: (coupon: string, ro: string) =>
    `${coupon} on RO# ${ro} needs the customer's verification. When it is sent, the coupon is held for this RO and redeemed once the customer approves.`,
  dismiss: 'Dismiss',
} as const;

/** The server's RO-not-found refusal, whatever the RO number: it is the one that names the help page. */
const roNotFoundTail = COUPON_REDEMPTION_MESSAGES.roNotFound('').slice(COUPON_REDEMPTION_MESSAGES.roNotFound('').indexOf(' was not found'));
export const isRoNotFound = (message: string) => message.endsWith(roNotFoundTail);

export function describeRedemption(r: CustomerCouponRedemptionView): { where: string; when: string | null } {
  const location = locationLabel(r.locationName, r.locationId);
  if (r.state === 'awaiting-verification') return { where: REDEMPTION_TEXTS.awaitingAt(location), when: null };
  return {
    where: REDEMPTION_TEXTS.redeemedOn(r.roNumber, location, formatMoney(r.amount)),
    when: r.redeemedAt ? REDEMPTION_TEXTS.redeemedWhen(formatDateTime(r.redeemedAt), r.redeemedByName) : null,
  };
}
