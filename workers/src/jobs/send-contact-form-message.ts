/**
 * Job: e-mail a customer's contact form message to the chosen location (CustomerContactFormSent,
 * issue 13). The e-mail carries the customer's name and contact details, the topic, the
 * preferred reply channel and the message. The send's idempotency key is the job id, so a
 * retried job never delivers twice. A message erased before the job ran (the customer's key is
 * gone: contactMessage reads null) is not sent; the message's subject is the customer, so an
 * erasure also scrubs it from the development outbox.
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import {
  contactFormStreamId,
  contactFormTopicLabel,
  customerStreamId,
  formatPhone,
  type CustomerContactFormSent,
} from '@dealer/contracts';
import { load, type EventStore, type Sql } from '@dealer/platform';
import type { MessageSender } from '../messaging/message';

export interface SendContactFormJob {
  customerId: string;
  messageId: string;
  eventId: string;
  correlationId: string;
}

export interface ContactFormMessageDeps {
  sql: Sql;
  store: EventStore;
  sender: MessageSender;
}

type CustomerDetails = { firstName: string | null; lastName: string | null; emailAddress: string | null; phoneMobile: string | null; phoneOther: string | null };

async function customerOf(store: EventStore, customerId: string): Promise<CustomerDetails> {
  const { personalDataErased: _erased, ...details } = contactOf((await load(store, customerStreamId(customerId), customerDecider)).state);
  return details;
}

/** The e-mail to the location (plain text). */
export function contactFormEmailText(form: CustomerContactFormSent['data'], customer: CustomerDetails): { subject: string; body: string } {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || 'A customer';
  const topic = contactFormTopicLabel(form.topic);
  const reply = form.preferredReply === 'email' ? `by e-mail to ${customer.emailAddress ?? '(no e-mail on file)'}` : `by phone on ${formatPhone(customer.phoneMobile ?? customer.phoneOther) || '(no phone on file)'}`;
  const lines = [
    `${name} sent a message to ${form.locationName} from the customer site.`,
    '',
    `Topic: ${topic}`,
    `Please reply ${reply}.`,
    '',
    'Contact details:',
    `  E-mail: ${customer.emailAddress ?? '-'}`,
    `  Mobile phone: ${customer.phoneMobile ? formatPhone(customer.phoneMobile) : '-'}`,
    ...(customer.phoneOther ? [`  Other phone: ${formatPhone(customer.phoneOther)}`] : []),
    '',
    'Message:',
    form.contactMessage,
    '',
    `Reference: ${form.messageId}`,
  ];
  return { subject: `Customer message: ${topic} — ${name}`, body: lines.join('\n') };
}

export async function sendContactFormMessage(jobId: string, job: SendContactFormJob, deps: ContactFormMessageDeps): Promise<void> {
  const events = await deps.store.readStream(contactFormStreamId(job.customerId));
  const event = events.find((e) => e.type === 'CustomerContactFormSent' && (e.data as CustomerContactFormSent['data']).messageId === job.messageId);
  if (!event) throw new Error(`contact form message ${job.messageId} not found`);
  const form = event.data as CustomerContactFormSent['data'] & { personalDataErased?: boolean };
  // Erased before it went out: nothing readable to send.
  if (form.personalDataErased || form.contactMessage === null) return;
  const [location] = await deps.sql<{ contact_email: string | null }[]>`select contact_email from ref.locations where location_id = ${form.locationId}`;
  if (!location?.contact_email) throw new Error(`location ${form.locationId} has no contact e-mail address`);
  const customer = await customerOf(deps.store, job.customerId);
  await deps.sender.send({
    idempotencyKey: jobId,
    channel: 'email',
    to: location.contact_email,
    ...contactFormEmailText(form, customer),
    subjectId: job.customerId,
  });
}
