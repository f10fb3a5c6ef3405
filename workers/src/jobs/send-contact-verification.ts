/**
 * Job: send the verification of a requested contact change (CustomerContactChangeRequested).
 * E-mail: a confirmation link to the new address; phone: a 6-digit code by SMS to the new
 * number; both: a notice to the old address. Records CustomerContactVerificationSent with an
 * event id derived from the job id, so a retry records it once.
 *
 * Retries: the secret is stored only hashed, so it cannot be re-sent. A retry whose message
 * went out (the ledger has its key) sends nothing new; one whose message did not go out
 * issues a fresh secret under a new key (the generation), so a customer always holds a
 * working secret and never receives one message twice.
 */
import { customerDecider, contactOf } from '@dealer/domain/customer';
import { CONTACT_VERIFY_PATH, customerStreamId, type ContactKind } from '@dealer/contracts';
import { load, deterministicUuid, type EventStore, type Sql } from '@dealer/platform';
import type { MessageSender } from '../messaging/message';
import { wasSent } from '../messaging/sent-messages';
import { currentSecret, newSecret, storeSecret } from './contact-verification-codes';
import { changeNoticeText, DEFAULT_CONTACT_LINE, emailConfirmationText, smsCodeText } from './contact-verification-messages';

export interface SendContactVerificationJob {
  customerId: string;
  changeId: string;
  kind: ContactKind;
  /** Time of the request event: orders requests of one customer. */
  requestedAt: string;
  eventId: string;
  correlationId: string;
}

export interface ContactVerificationDeps {
  sql: Sql;
  store: EventStore;
  sender: MessageSender;
  publicUrl: string;
  now: () => Date;
  /**
   * Key of the secrets' keyed hashes (verificationHashKey(AUTH_SECRET)); the product and the
   * workers' server always set it. A contact-change job without it fails (never stores a secret
   * under no key); deps of other jobs need not carry it.
   */
  verificationHashKey?: Buffer;
  /** The dealership contact line of the notice to the old address. */
  contactLine?: string;
}

interface ContactSnapshot {
  firstName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
  pending: Record<ContactKind, { changeId: string; value: string | null } | null>;
}

/** The customer's contact details and pending changes, folded from their stream (opened by the vault). */
async function snapshotOf(store: EventStore, customerId: string): Promise<ContactSnapshot> {
  const state = (await load(store, customerStreamId(customerId), customerDecider)).state;
  const c = contactOf(state);
  const pending = (kind: ContactKind) => {
    const p = state.status === 'active' ? state.contact.pending[kind] : null;
    return p ? { changeId: p.changeId, value: p.value || null } : null;
  };
  return { firstName: c.firstName, emailAddress: c.emailAddress, phoneMobile: c.phoneMobile, pending: { email: pending('email'), phone: pending('phone') } };
}

const newKey = (jobId: string, generation: number) => `${jobId}:new:${generation}`;

function requireHashKey(key: Buffer | undefined): Buffer {
  if (!key || key.length < 32) throw new Error('verificationHashKey is not configured: contact-change secrets are stored only as keyed hashes');
  return key;
}

export async function sendContactVerification(jobId: string, job: SendContactVerificationJob, deps: ContactVerificationDeps): Promise<void> {
  const snapshot = await snapshotOf(deps.store, job.customerId);
  const pending = snapshot.pending[job.kind];
  // Superseded by a later request, or confirmed already: nothing to send.
  if (!pending || pending.changeId !== job.changeId || !pending.value) return;

  const existing = await currentSecret(deps.sql, job.changeId);
  if (existing?.used) return;
  const delivered = existing !== null && (await wasSent(deps.sql, newKey(jobId, existing.generation)));
  if (!delivered) {
    const secret = newSecret(job.kind);
    const generation = await storeSecret(deps.sql, {
      changeId: job.changeId,
      customerId: job.customerId,
      kind: job.kind,
      secret,
      requestedAt: new Date(job.requestedAt),
      now: deps.now(),
      hashKey: requireHashKey(deps.verificationHashKey),
    });
    if (generation === null) return;
    const text =
      job.kind === 'email'
        ? emailConfirmationText(snapshot.firstName, `${deps.publicUrl.replace(/\/$/, '')}${CONTACT_VERIFY_PATH}${secret}`)
        : smsCodeText(secret);
    await deps.sender.send({
      idempotencyKey: newKey(jobId, generation),
      channel: job.kind === 'email' ? 'email' : 'sms',
      to: pending.value,
      ...text,
      subjectId: job.customerId,
    });
  }

  const old = job.kind === 'email' ? snapshot.emailAddress : snapshot.phoneMobile;
  if (old && old !== pending.value) {
    await deps.sender.send({
      idempotencyKey: `${jobId}:old`,
      channel: job.kind === 'email' ? 'email' : 'sms',
      to: old,
      ...changeNoticeText(job.kind, snapshot.firstName, deps.contactLine ?? DEFAULT_CONTACT_LINE),
      subjectId: job.customerId,
    });
  }

  await deps.store.appendToStream(customerStreamId(job.customerId), [
    {
      type: 'CustomerContactVerificationSent',
      data: { customerId: job.customerId, changeId: job.changeId, kind: job.kind },
      metadata: {
        eventId: deterministicUuid(`${jobId}:sent`),
        correlationId: job.correlationId,
        causationId: job.eventId,
        actor: 'system:workers',
        time: deps.now().toISOString(),
      },
    },
  ]);
}
