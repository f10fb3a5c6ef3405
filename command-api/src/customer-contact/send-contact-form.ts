/**
 * The customer contact form (POST /api/customer-contact-form, issue 13): the form's fields
 * checked with their messages, the location must use the CRM and have a contact address, the
 * preferred reply channel must be one the customer has; then CustomerContactFormSent on the
 * customer's contact-form stream. The workers e-mail the location when they see the event;
 * the message itself is sealed personal data (contactMessage), erased with the customer's key.
 */
import {
  CONTACT_FORM_MESSAGES,
  checkContactForm,
  contactFormConfirmation,
  contactFormStreamId,
  customerStreamId,
  type ContactFormResult,
  type CustomerContactFormSent,
} from '@dealer/contracts';
import { contactOf, customerDecider } from '@dealer/domain/customer';
import { DomainError, handle, load, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { contactFormDecider } from '@dealer/domain/contact-form/decide';

/** The customer's current e-mail and phones, folded from their stream (opened by the vault). */
export async function customerContactOf(store: EventStore, customerId: string) {
  const { state } = await load(store, customerStreamId(customerId), customerDecider);
  const c = contactOf(state);
  return { emailAddress: c.emailAddress, phoneMobile: c.phoneMobile, phoneOther: c.phoneOther, found: state.status === 'active' };
}

export async function sendContactForm(
  deps: { store: EventStore; sql: Sql },
  input: { customerId: string; locationId?: unknown; topic?: unknown; message?: unknown; preferredReply?: unknown },
  ctx: CommandContext,
): Promise<{ result: ContactFormResult; position: number | null }> {
  const checked = checkContactForm(input);
  if (!checked.ok) throw new DomainError('validation', Object.values(checked.errors), checked.errors);
  const form = checked.value;
  const [location] = await deps.sql<{ location_name: string; is_using_crm: boolean; contact_email: string | null }[]>`
    select location_name, is_using_crm, contact_email from ref.locations where location_id = ${form.locationId}`;
  if (!location || !location.is_using_crm) {
    throw new DomainError('validation', [CONTACT_FORM_MESSAGES.locationUnknown], { locationId: CONTACT_FORM_MESSAGES.locationUnknown });
  }
  if (!location.contact_email) {
    throw new DomainError('validation', [CONTACT_FORM_MESSAGES.locationNoAddress], { locationId: CONTACT_FORM_MESSAGES.locationNoAddress });
  }
  const contact = await customerContactOf(deps.store, input.customerId);
  if (!contact.found) throw new DomainError('not_found', ['Customer not found.']);
  if (form.preferredReply === 'email' && !contact.emailAddress) {
    throw new DomainError('validation', [CONTACT_FORM_MESSAGES.replyNoEmail], { preferredReply: CONTACT_FORM_MESSAGES.replyNoEmail });
  }
  if (form.preferredReply === 'phone' && !contact.phoneMobile && !contact.phoneOther) {
    throw new DomainError('validation', [CONTACT_FORM_MESSAGES.replyNoPhone], { preferredReply: CONTACT_FORM_MESSAGES.replyNoPhone });
  }
  const messageId = ctx.newId();
  const data: CustomerContactFormSent['data'] = {
    customerId: input.customerId,
    messageId,
    locationId: form.locationId,
    locationName: location.location_name,
    topic: form.topic,
    preferredReply: form.preferredReply,
    contactMessage: form.message,
  };
  const handled = await handle(deps.store, contactFormStreamId(input.customerId), contactFormDecider, { type: 'SendContactForm', data }, ctx);
  return {
    result: {
      messageId,
      locationId: form.locationId,
      locationName: location.location_name,
      topic: form.topic,
      preferredReply: form.preferredReply,
      confirmation: contactFormConfirmation(location.location_name, form.preferredReply),
    },
    position: handled.position,
  };
}
