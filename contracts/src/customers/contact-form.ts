/**
 * The customer contact form (SPEC 2.1 /customer/contact, 7 POST /api/customer-contact-form,
 * issue 13): a customer writes to one of the CRM locations about a topic, says how they want
 * the reply, and the location gets the message by e-mail. One place for the web form and the
 * server: the topics, the limits, the check with its messages, the event and the confirmation.
 *
 * The message is personal data: the event stores it in `contactMessage`, one of the sealed
 * personal fields, so a customer's erasure makes it unreadable like their name and address.
 */

export const CONTACT_FORM_TOPICS = [
  { value: 'coupons', label: 'A question about my coupons' },
  { value: 'service', label: 'Booking service' },
  { value: 'purchase', label: 'A purchase' },
  { value: 'account', label: 'My account' },
  { value: 'other', label: 'Something else' },
] as const;

export type ContactFormTopic = (typeof CONTACT_FORM_TOPICS)[number]['value'];
export type ContactFormReplyChannel = 'email' | 'phone';
export const CONTACT_FORM_REPLY_CHANNELS: readonly ContactFormReplyChannel[] = ['email', 'phone'];

export const CONTACT_FORM_MESSAGE_MAX = 2000;

export const CONTACT_FORM_MESSAGES = {
  locationRequired: 'Please choose a location.',
  locationUnknown: 'This location does not take messages online. Please choose another one.',
  locationNoAddress: 'This location cannot receive messages online yet. Please call them instead.',
  topicRequired: 'Please choose a topic.',
  messageRequired: 'Please write your message.',
  messageTooLong: `Your message can be at most ${CONTACT_FORM_MESSAGE_MAX} characters.`,
  messageInvalid: 'Your message contains characters that cannot be sent. Please remove them.',
  replyRequired: 'Please choose how you would like the reply: e-mail or phone.',
  replyNoEmail: 'You have no e-mail address on file: please choose phone, or add an e-mail address in your profile.',
  replyNoPhone: 'You have no phone number on file: please choose e-mail, or add a phone number in your profile.',
} as const;

export const contactFormTopicLabel = (topic: string): string => CONTACT_FORM_TOPICS.find((t) => t.value === topic)?.label ?? topic;

export interface ContactFormRequest {
  customerId: string;
  locationId: number;
  topic: ContactFormTopic;
  message: string;
  preferredReply: ContactFormReplyChannel;
}

export type ContactFormCheck = { ok: true; value: Omit<ContactFormRequest, 'customerId'> } | { ok: false; errors: Record<string, string> };

/** NUL or an unpaired UTF-16 surrogate: text that cannot be stored or sent as it is. */
export function hasUnsendableCharacters(text: string): boolean {
  if (text.includes('\u0000')) return true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** Characters as a person counts them (code points), so an emoji counts once. */
export const messageLength = (text: string): number => [...text].length;

/** The form's fields checked with their messages (the customer's contact details are checked by the server). */
export function checkContactForm(input: { locationId?: unknown; topic?: unknown; message?: unknown; preferredReply?: unknown }): ContactFormCheck {
  const errors: Record<string, string> = {};
  const locationId = typeof input.locationId === 'string' && /^\d{1,9}$/.test(input.locationId) ? Number(input.locationId) : input.locationId;
  if (typeof locationId !== 'number' || !Number.isInteger(locationId) || locationId < 1) errors.locationId = CONTACT_FORM_MESSAGES.locationRequired;
  const topic = CONTACT_FORM_TOPICS.find((t) => t.value === input.topic)?.value;
  if (!topic) errors.topic = CONTACT_FORM_MESSAGES.topicRequired;
  const raw = typeof input.message === 'string' ? input.message : '';
  const message = raw.trim();
  if (!message) errors.message = CONTACT_FORM_MESSAGES.messageRequired;
  else if (hasUnsendableCharacters(message)) errors.message = CONTACT_FORM_MESSAGES.messageInvalid;
  else if (messageLength(message) > CONTACT_FORM_MESSAGE_MAX) errors.message = CONTACT_FORM_MESSAGES.messageTooLong;
  const preferredReply = CONTACT_FORM_REPLY_CHANNELS.find((c) => c === input.preferredReply);
  if (!preferredReply) errors.preferredReply = CONTACT_FORM_MESSAGES.replyRequired;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { locationId: locationId as number, topic: topic!, message, preferredReply: preferredReply! } };
}

/** The event on the customer's contact-form stream. `contactMessage` is sealed personal data. */
export interface CustomerContactFormSent {
  type: 'CustomerContactFormSent';
  data: {
    customerId: string;
    messageId: string;
    locationId: number;
    locationName: string;
    topic: ContactFormTopic;
    preferredReply: ContactFormReplyChannel;
    contactMessage: string;
  };
}

export const contactFormStreamId = (customerId: string) => `contact-form-${customerId}`;

/** The answer's dataSet and the confirmation the customer sees. */
export interface ContactFormResult {
  messageId: string;
  locationId: number;
  locationName: string;
  topic: ContactFormTopic;
  preferredReply: ContactFormReplyChannel;
  confirmation: string;
}

/** No promise of a time the product cannot keep: the location replies, by the chosen channel. */
export function contactFormConfirmation(locationName: string, preferredReply: ContactFormReplyChannel): string {
  const how = preferredReply === 'email' ? 'by e-mail' : 'by phone';
  return `Thanks — your message was sent to ${locationName}. A member of their team will reply ${how}.`;
}
