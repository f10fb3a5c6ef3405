/**
 * What the two "your payment went back" messages (send-gift-expired, send-online-order-returned)
 * share: reading the customer they go to, and the refund's lines.
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import { customerStreamId, formatMoney, type Money, type OnlineOrderPlaced } from '@dealer/contracts';
import { load, type EventStore } from '@dealer/platform';

export interface RefundRecipient {
  firstName: string | null;
  emailAddress: string | null;
  erased: boolean;
}

/** The customer's first name and e-mail address as last recorded, and whether their personal data was erased. */
export async function readRefundRecipient(store: EventStore, customerId: string): Promise<RefundRecipient> {
  const c = contactOf((await load(store, customerStreamId(customerId), customerDecider)).state);
  return { firstName: c.firstName, emailAddress: c.emailAddress, erased: c.personalDataErased };
}

/** The pack, the amount refunded (pending: still on its way) and a demo payment's note. */
export function refundLines(order: OnlineOrderPlaced['data'], packName: string, refund: { amount: Money; status: string }): string[] {
  return [
    `Pack: ${packName}`,
    `Refunded: ${formatMoney(refund.amount)}${refund.status === 'pending' ? ' (on its way back to your card)' : ''}`,
    ...(order.provider === 'demo' ? ['Demo payment: no money moves.'] : []),
  ];
}
