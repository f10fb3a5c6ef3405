/**
 * One inbound keyword text (stream `sms-inbound-{inboundId}`, issue 24 part 2, ADR 0089): the
 * record that its answer is owed. The inbound id derives from the provider's message id, so a
 * retried delivery lands on the same stream and records nothing a second time. Pure.
 */
import type { SmsKeywordReceived } from '@dealer/contracts';
import type { Decider } from '../decider';

export type ReceiveSmsKeyword = { type: 'ReceiveSmsKeyword'; data: SmsKeywordReceived['data'] };

export interface SmsInboundState {
  received: boolean;
}

export const smsInboundDecider: Decider<SmsInboundState, ReceiveSmsKeyword, SmsKeywordReceived> = {
  initialState: () => ({ received: false }),
  evolve: (state, event) => (event.type === 'SmsKeywordReceived' ? { received: true } : state),
  decide: (command, state) => (state.received ? [] : [{ type: 'SmsKeywordReceived', data: command.data }]),
};
