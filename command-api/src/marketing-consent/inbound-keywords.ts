/**
 * An inbound text from the SMS provider (ADR 0089): STOP, START or HELP as the whole message.
 * - The sender is the customer whose mobile phone is `from` (the write-time reservations: the
 *   holder of that number now), or nobody.
 * - STOP / START from a customer turn their reminder texts off / on (source 'sms-keyword').
 * - Every keyword, from anyone, is recorded once as SmsKeywordReceived on the stream of its
 *   inbound id (derived from the provider's message id): the workers answer it once, with a job
 *   id from that inbound id. A retried delivery finds the stream and changes nothing.
 * - Any other text is acknowledged and nothing is recorded.
 */
import { customerStreamId, phoneDigitsOf, smsInboundStreamId, smsKeywordOf, type SmsKeyword } from '@dealer/contracts';
import { decideOn, deterministicUuid, load, WrongExpectedRevisionError, type CommandContext, type EventStore } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import { smsInboundDecider } from '@dealer/domain/sms-inbound/decide';
import type { ContactReservations } from '../customers/contact-reservations';
import type { InboundSms } from './sms-webhook';

export type InboundOutcome = { kind: 'ignored' } | { kind: 'repeat'; inboundId: string } | { kind: 'recorded'; inboundId: string; keyword: SmsKeyword; fromCustomer: boolean };

export const inboundIdOf = (messageId: string) => deterministicUuid(`sms-inbound:${messageId}`);

/** STOP and START from a customer: their consent, once per inbound message (its request key). */
async function setTextConsent(store: EventStore, customerId: string, granted: boolean, ctx: CommandContext): Promise<void> {
  const streamId = customerStreamId(customerId);
  for (let attempt = 0; ; attempt++) {
    const loaded = await load(store, streamId, customerDecider);
    // A delivery retried after a crash between this change and its record: already done.
    if (loaded.history.some((e) => e.metadata.requestKey === ctx.requestKey)) return;
    try {
      await decideOn(store, streamId, customerDecider, loaded, { type: 'SetMarketingConsent', data: { customerId, channel: 'sms', granted, source: 'sms-keyword' } }, ctx);
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= 3) throw error;
    }
  }
}

export async function receiveInboundSms(deps: { store: EventStore; reservations: ContactReservations }, sms: InboundSms, ctx: CommandContext): Promise<InboundOutcome> {
  const keyword = smsKeywordOf(sms.body);
  if (!keyword) return { kind: 'ignored' };
  const inboundId = inboundIdOf(sms.messageId);
  const streamId = smsInboundStreamId(inboundId);
  const loaded = await load(deps.store, streamId, smsInboundDecider);
  if (loaded.state.received) return { kind: 'repeat', inboundId };

  const digits = phoneDigitsOf(sms.from);
  const customerId = digits ? await deps.reservations.holderOf({ kind: 'mobile', value: digits }) : null;
  const keyed: CommandContext = { ...ctx, requestKey: `sms-inbound:${inboundId}` };
  if (customerId && keyword !== 'help') await setTextConsent(deps.store, customerId, keyword === 'start', keyed);
  try {
    await decideOn(
      deps.store,
      streamId,
      smsInboundDecider,
      loaded,
      {
        type: 'ReceiveSmsKeyword',
        data: { inboundId, keyword, customerId: customerId ?? inboundId, fromCustomer: customerId !== null, phoneMobile: digits ?? sms.from.trim() },
      },
      keyed,
    );
  } catch (error) {
    // The same delivery, arriving twice at once: the other one recorded it.
    if (error instanceof WrongExpectedRevisionError) return { kind: 'repeat', inboundId };
    throw error;
  }
  return { kind: 'recorded', inboundId, keyword, fromCustomer: customerId !== null };
}
