import { describe, expect, it } from 'vitest';
import {
  REDEMPTION_FINAL_REASONS,
  REDEMPTION_MESSAGES,
  redemptionVerificationView,
  type RedemptionVerificationEvent,
  type RedemptionVerificationState,
} from '@dealer/contracts';
import { DomainError } from '../errors';
import { redemptionVerificationDecider, decideRedemptionVerification, RateLimitedError, REDEMPTION_START_MESSAGES, type CustomerContact, type RedemptionVerificationCommand } from './decide';
import { given as givenEvents } from '../testing/given';
import { evolveRedemptionVerification } from './state';

const id = '00000000-0000-4000-8000-0000000000a1';
const customerId = '00000000-0000-4000-8000-0000000000c1';
const t0 = new Date('2026-03-01T15:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const contact: CustomerContact = { verifyRedemptions: false, emailAddress: 'pat@example.com', phoneMobile: '3035550142' };
const jobs = [
  { opCode: 'LOF', description: 'Lube, oil and filter change' },
  { opCode: 'BRK', description: 'Replace front brake pads' },
  { opCode: 'LOF', description: null },
  { opCode: 'MPI', description: 'Multi-point inspection' },
];

/** given(events).when(command): the shared helper (domain/src/testing/given.ts) on the redemptionVerificationDecider. */
const given = (events: RedemptionVerificationEvent[]) => givenEvents(redemptionVerificationDecider, events);
const start = (overrides: Partial<Extract<RedemptionVerificationCommand, { type: 'StartRedemptionVerification' }>['data']> = {}): RedemptionVerificationCommand => ({
  type: 'StartRedemptionVerification',
  data: {
    redemptionVerificationId: id,
    customerId,
    roNumber: '410123',
    locationId: 1,
    type: 'email',
    roOpCodes: jobs,
    ruleOpCodes: ['brk', 'LOF'],
    preApprovalOpCodes: [],
    customer: contact,
    sendId: 'send-1',
    now: t0,
    ...overrides,
  },
});
const started = (): RedemptionVerificationEvent => given([]).when(start())()[0]!;
const sent = (seconds: number, sendId = 'send-1'): RedemptionVerificationEvent => ({
  type: 'RedemptionVerificationSent',
  data: { redemptionVerificationId: id, customerId, type: 'email', sendId, sentDate: at(seconds).toISOString() },
});
const resend = (seconds: number, type: 'email' | 'text' | null = null, customer = contact): RedemptionVerificationCommand => ({
  type: 'ResendRedemptionVerification',
  data: { type, customer, sendId: `send-at-${seconds}`, now: at(seconds) },
});
const answer = (approvedOpCodes: string[], declinedOpCodes: string[], seconds = 120): RedemptionVerificationCommand => ({
  type: 'AnswerRedemptionVerification',
  data: { approvedOpCodes, declinedOpCodes, now: at(seconds) },
});
const override = (seconds = 120, reason: string | null = 'Customer approved by phone'): RedemptionVerificationCommand => ({
  type: 'OverrideRedemptionVerification',
  data: { by: 'user:advisor', reason, now: at(seconds) },
});
const answered = (approved: string[], declined: string[]): RedemptionVerificationEvent => given([started(), sent(5)]).when(answer(approved, declined))()[0]!;

describe('starting a redemption verification', () => {
  it('should ask about the op codes marked for the location, once each, in RO order, expiring in 30 minutes', () => {
    expect(given([]).when(start())()).toEqual([
      {
        type: 'RedemptionVerificationStarted',
        data: {
          redemptionVerificationId: id,
          customerId,
          roNumber: '410123',
          locationId: 1,
          type: 'email',
          pendingOpCodes: ['LOF', 'BRK'],
          opCodeDescriptions: { LOF: 'Lube, oil and filter change', BRK: 'Replace front brake pads' },
          preApprovedOpCodes: [],
          customerVerifiesRedemptions: false,
          startedAt: t0.toISOString(),
          expires: at(30 * 60).toISOString(),
          rateLimitSeconds: 60,
          sendId: 'send-1',
        },
      },
    ]);
  });

  it('should ask about every op code when the customer verifies all redemptions', () => {
    const [event] = given([]).when(start({ ruleOpCodes: [], customer: { ...contact, verifyRedemptions: true } }))();
    expect(event!.type === 'RedemptionVerificationStarted' && event!.data.pendingOpCodes).toEqual(['LOF', 'BRK', 'MPI']);
  });

  it('should leave out the op codes staff pre-approved, and refuse when nothing is left to ask', () => {
    const [event] = given([]).when(start({ preApprovalOpCodes: ['LOF'] }))();
    expect(event).toMatchObject({ data: { pendingOpCodes: ['BRK'], preApprovedOpCodes: ['LOF'] } });
    expect(given([]).when(start({ preApprovalOpCodes: ['LOF', 'BRK'] }))).toThrow(REDEMPTION_START_MESSAGES.allPreApproved);
    expect(given([]).when(start({ ruleOpCodes: ['ALN'] }))).toThrow("No op codes on this RO need the customer's verification.");
  });

  it('should refuse an e-mail to a customer without an e-mail address and a text to one without a mobile phone', () => {
    expect(given([]).when(start({ customer: { ...contact, emailAddress: null } }))).toThrow(REDEMPTION_MESSAGES.needsEmail);
    expect(given([]).when(start({ type: 'text', customer: { ...contact, phoneMobile: null } }))).toThrow(REDEMPTION_MESSAGES.needsMobile);
    expect(given([]).when(start({ type: 'text', customer: { ...contact, emailAddress: null } }))()).toHaveLength(1);
  });
});

describe('sending a redemption verification again', () => {
  it('should refuse before the rate limit with the remaining wait of SPEC 4 (whole seconds elapsed)', () => {
    const run = given([started(), sent(10)]).when(resend(10 + 45.7));
    expect(run).toThrow(RateLimitedError);
    expect(run).toThrow('Please wait 15 seconds before sending the verification again.');
    try {
      run();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 15 });
    }
  });

  it('should send again once the limit has passed, by the channel asked for, and move the expiry', () => {
    expect(given([started(), sent(10)]).when(resend(70, 'text'))()).toEqual([
      {
        type: 'RedemptionVerificationResendRequested',
        data: { redemptionVerificationId: id, customerId, type: 'text', sendId: 'send-at-70', requestedAt: at(70).toISOString(), expires: at(70 + 30 * 60).toISOString() },
      },
    ]);
  });

  it('should not ask again for a message that is still on its way', () => {
    expect(given([started()]).when(resend(20))()).toEqual([]);
    expect(given([started()]).when(resend(61))()).toHaveLength(1);
  });

  it('should refuse a final or expired verification with the reason', () => {
    expect(given([started(), sent(5), answered(['LOF', 'BRK'], [])]).when(resend(300))).toThrow(REDEMPTION_FINAL_REASONS.accepted);
    expect(given([started(), sent(5)]).when(resend(31 * 60))).toThrow(REDEMPTION_FINAL_REASONS.expired);
  });
});

describe("the customer's answer", () => {
  it('should accept the verification when every op code is approved', () => {
    const events = given([started(), sent(5)]).when(answer(['brk', 'LOF'], []))();
    expect(events).toEqual([
      { type: 'RedemptionVerificationAnswered', data: { redemptionVerificationId: id, customerId, approvedOpCodes: ['LOF', 'BRK'], declinedOpCodes: [], answeredAt: at(120).toISOString() } },
    ]);
    const state = [started(), sent(5), ...events].reduce(evolveRedemptionVerification, null)!;
    expect(redemptionVerificationView(state, null, at(121))).toMatchObject({ status: 'accepted', isAccepted: true, isComplete: true, isFinal: true, isPending: false, pendingOpCodes: [] });
  });

  it('should decline when any op code is declined, keeping what was approved', () => {
    const state = [started(), sent(5), answered(['LOF'], ['BRK'])].reduce(evolveRedemptionVerification, null)!;
    expect(redemptionVerificationView(state, null, at(121))).toMatchObject({
      status: 'declined',
      isAccepted: false,
      isComplete: true,
      approvedOpCodes: ['LOF'],
      declinedOpCodes: ['BRK'],
      errorMessage: REDEMPTION_FINAL_REASONS.declined,
    });
  });

  it('should refuse an answer that leaves out an op code, names an unknown one or both approves and declines one', () => {
    const history = [started(), sent(5)];
    expect(given(history).when(answer(['LOF'], []))).toThrow(REDEMPTION_MESSAGES.answerIncomplete);
    expect(given(history).when(answer(['LOF', 'BRK', 'ALN'], []))).toThrow(REDEMPTION_MESSAGES.answerUnknown);
    expect(given(history).when(answer(['LOF', 'BRK'], ['BRK']))).toThrow(REDEMPTION_MESSAGES.answerBoth);
  });

  it('should record nothing for the same answer again, and refuse a different one (409)', () => {
    const history = [started(), sent(5), answered(['LOF', 'BRK'], [])];
    expect(given(history).when(answer(['BRK', 'LOF'], [], 200))()).toEqual([]);
    expect(given(history).when(answer(['LOF'], ['BRK'], 200))).toThrow(expect.objectContaining({ kind: 'conflict', errors: [REDEMPTION_FINAL_REASONS.accepted] }));
  });

  it('should refuse an answer after the expiry, even before the expiry was recorded', () => {
    expect(given([started(), sent(5)]).when(answer(['LOF', 'BRK'], [], 30 * 60))).toThrow(expect.objectContaining({ kind: 'conflict', errors: [REDEMPTION_FINAL_REASONS.expired] }));
  });
});

describe('the staff override', () => {
  it('should accept a pending verification on the customer\'s behalf, recording who, when and why', () => {
    expect(given([started(), sent(5)]).when(override())()).toEqual([
      {
        type: 'RedemptionVerificationOverridden',
        data: { redemptionVerificationId: id, customerId, by: 'user:advisor', reason: 'Customer approved by phone', at: at(120).toISOString(), approvedOpCodes: ['LOF', 'BRK'] },
      },
    ]);
  });

  it('should refuse a final verification with SPEC\'s reason and why it is final', () => {
    const overridden = given([started(), sent(5)]).when(override())()[0]!;
    const cases: [RedemptionVerificationEvent[], string][] = [
      [[started(), sent(5), answered(['LOF', 'BRK'], [])], REDEMPTION_FINAL_REASONS.accepted],
      [[started(), sent(5), answered(['LOF'], ['BRK'])], REDEMPTION_FINAL_REASONS.declined],
      [[started(), sent(5), overridden], REDEMPTION_FINAL_REASONS.overridden],
      [[started(), { type: 'RedemptionVerificationExpired', data: { redemptionVerificationId: id, customerId, expires: at(1800).toISOString() } }], REDEMPTION_FINAL_REASONS.expired],
    ];
    for (const [history, reason] of cases) {
      expect(given(history).when(override(200))).toThrow(expect.objectContaining({ kind: 'conflict', errors: ['This verification is final and cannot be approved.', reason] }));
    }
  });

  it('should refuse a verification that does not exist', () => {
    expect(given([]).when(override())).toThrow(DomainError);
    expect(given([]).when(override())).toThrow(REDEMPTION_MESSAGES.notFound);
  });
});
