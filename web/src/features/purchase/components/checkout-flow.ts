// What the purchase pages hand each other through the router's history state: the order the server placed (its price,
// tax and total are what is paid) with the words to show, then the payment's outcome for the confirmation.
import type { Money, OnlineOrderGiftView, OnlineOrderPlacedView } from '@dealer/contracts';

export interface CheckoutState {
  order: OnlineOrderPlacedView;
  packName: string;
  locationName: string;
  /** Where the customer chose the pack, to go back to. */
  choosePath: string;
}

export interface ConfirmState {
  packName: string;
  locationName: string;
  total: Money;
  message: string;
  saleId: string | null;
  /** A gift order: the recipient and the link's expiry (nothing was issued to the buyer). */
  gift?: OnlineOrderGiftView | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function checkoutStateOf(value: unknown): CheckoutState | null {
  if (!isObject(value) || !isObject(value.order) || typeof value.order.orderId !== 'string') return null;
  if (typeof value.packName !== 'string' || typeof value.locationName !== 'string' || typeof value.choosePath !== 'string') return null;
  return value as unknown as CheckoutState;
}

export function confirmStateOf(value: unknown): ConfirmState | null {
  if (!isObject(value) || typeof value.packName !== 'string' || typeof value.total !== 'number' || typeof value.message !== 'string') return null;
  return value as unknown as ConfirmState;
}
