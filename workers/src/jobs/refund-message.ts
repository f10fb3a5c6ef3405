/**
 * What the two "your payment went back" messages (send-gift-expired, send-online-order-returned)
 * share: reading the customer they go to, and the refund's lines.
 */
import { customerStreamId, formatMoney, type Money, type OnlineOrderPlaced } from '@dealer/contracts';
import type { EventStore } from '@dealer/platform';

export interface RefundRecipient {
  firstName: string | null;
  emailAddress: string | null;
  erased: boolean;
}

/** The customer's first name and e-mail address as last recorded, and whether their personal data was erased. */
export async function readRefundRecipient(store: EventStore, customerId: string): Promise<RefundRecipient> {
  const customer: RefundRecipient = { firstName: null, emailAddress: null, erased: false };
  for (const e of await store.readStream(customerStreamId(customerId))) {
    const d = e.data as Record<string, unknown>;
    if (d.personalDataErased || e.type === 'CustomerPersonalDataErased') customer.erased = true;
    if ('firstName' in d) customer.firstName = (d.firstName as string | null) ?? null;
    if ('emailAddress' in d) customer.emailAddress = (d.emailAddress as string | null) ?? null;
  }
  return customer;
}

/** The pack, the amount refunded (pending: still on its way) and a demo payment's note. */
export function refundLines(order: OnlineOrderPlaced['data'], packName: string, refund: { amount: Money; status: string }): string[] {
  return [
    `Pack: ${packName}`,
    `Refunded: ${formatMoney(refund.amount)}${refund.status === 'pending' ? ' (on its way back to your card)' : ''}`,
    ...(order.provider === 'demo' ? ['Demo payment: no money moves.'] : []),
  ];
}
