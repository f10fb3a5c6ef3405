/**
 * Gift packs (issue 13 "Gifts"): the checks of the checkout's gift fields and of a claim, the
 * messages the buyer and the recipient read (one place for the web and the server). The gift's
 * state and evolve are the domain's (`domain/src/gift/state.ts`).
 */
import { isValidEmail } from '../customers/profile-rules';

/** How long a gift link works after the payment. */
export const GIFT_LIFETIME_DAYS = 30;
export const GIFT_RECIPIENT_EMAIL_MAX = 254;
export const GIFT_MESSAGE_MAX = 300;
/** The token in a gift link (64 characters of base64url); anything longer is not one. */
export const GIFT_TOKEN_MAX = 128;

export const GIFT_MESSAGES = {
  recipientEmailInvalid: "Please enter the recipient's e-mail address (name@example.com).",
  recipientIsBuyer: 'This is your own e-mail address. To buy the pack for yourself, leave the gift recipient empty.',
  messageTooLong: `The gift message can have at most ${GIFT_MESSAGE_MAX} characters.`,
  messageWithoutRecipient: "Please enter the recipient's e-mail address, or leave the gift message empty.",
  tokenRequired: 'The gift link is incomplete. Please open the link from your gift e-mail again.',
  linkInvalid: 'This gift link is not valid. Please open the link from your gift e-mail again.',
  alreadyClaimed: 'This gift has already been claimed: each gift link can be used once.',
  expired: 'This gift link has expired. Please ask the person who sent you the gift to contact the dealership.',
  expiredRefunded: 'This gift link has expired and the payment was refunded to the person who sent it. It can no longer be claimed.',
  notSellableRefunded: 'This gift can no longer be issued (the pack is no longer sold), so the payment was refunded to the person who sent it.',
  wrongEmail: 'This gift was sent to another e-mail address. Sign in with the account of that address, or register from the gift link.',
  emailMismatch: 'This gift link belongs to another e-mail address. Please open the link from your gift e-mail again.',
  claimed: 'Your gift is yours: the coupons are on My coupons.',
  onlyCustomers: 'Only customers claim gifts.',
} as const;

export const giftSentMessage = (recipientEmail: string) =>
  `Thank you: your payment was received and your gift was sent to ${recipientEmail}. They have ${GIFT_LIFETIME_DAYS} days to claim it.`;

export type GiftCheck<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

export interface GiftOrderFields {
  /** Null: the pack is for the buyer. */
  recipientEmail: string | null;
  giftMessage: string | null;
}

/** The checkout's optional gift fields: blank recipient means no gift; the e-mail is lower-cased. */
export function checkGiftOrder(input: { recipientEmail?: unknown; giftMessage?: unknown }, buyerEmail: string | null): GiftCheck<GiftOrderFields> {
  const email = typeof input.recipientEmail === 'string' ? input.recipientEmail.trim().toLowerCase() : '';
  const message = typeof input.giftMessage === 'string' ? input.giftMessage.trim() : '';
  const errors: Record<string, string> = {};
  if (input.recipientEmail !== undefined && input.recipientEmail !== null && typeof input.recipientEmail !== 'string') errors.recipientEmail = GIFT_MESSAGES.recipientEmailInvalid;
  if (input.giftMessage !== undefined && input.giftMessage !== null && typeof input.giftMessage !== 'string') errors.giftMessage = GIFT_MESSAGES.messageTooLong;
  if (email && (email.length > GIFT_RECIPIENT_EMAIL_MAX || !isValidEmail(email))) errors.recipientEmail = GIFT_MESSAGES.recipientEmailInvalid;
  else if (email && buyerEmail && email === buyerEmail.trim().toLowerCase()) errors.recipientEmail = GIFT_MESSAGES.recipientIsBuyer;
  if (message.length > GIFT_MESSAGE_MAX) errors.giftMessage = GIFT_MESSAGES.messageTooLong;
  else if (message && !email && !errors.recipientEmail) errors.recipientEmail = GIFT_MESSAGES.messageWithoutRecipient;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { recipientEmail: email || null, giftMessage: email && message ? message : null } };
}

/** A gift token as links carry it: one word of base64url characters. */
export function isGiftTokenShaped(token: unknown): token is string {
  return typeof token === 'string' && token.length > 0 && token.length <= GIFT_TOKEN_MAX && /^[A-Za-z0-9_-]+$/.test(token);
}

/** POST /api/gift-claims (and the registration from a gift link) answer this. */
export interface GiftClaimView {
  giftId: string;
  saleId: string;
  message: string;
}

/** What the buyer's confirmation shows of a gift order. */
export interface OnlineOrderGiftView {
  recipientEmail: string;
  expiresAt: string;
}
