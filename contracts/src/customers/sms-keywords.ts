/**
 * Texts to and from customers (issue 24 part 2, ADR 0089): the keywords an inbound text can be
 * and the standard answer to each. A keyword is the whole message, trimmed, in any case:
 * "stop" and " Stop " are STOP; "please stop" is not a keyword (nothing is recorded).
 */
export const SMS_KEYWORDS = ['stop', 'start', 'help'] as const;
export type SmsKeyword = (typeof SMS_KEYWORDS)[number];

const WORDS: Record<string, SmsKeyword> = {
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  START: 'start',
  UNSTOP: 'start',
  YES: 'start',
  HELP: 'help',
  INFO: 'help',
};

/** The keyword a whole inbound message is, or null for any other text. */
export function smsKeywordOf(body: string): SmsKeyword | null {
  return WORDS[body.trim().toUpperCase()] ?? null;
}

/**
 * The answer to each keyword (a transactional text: consent never suppresses it). `known`: the
 * number is a customer's; a STOP from a number that is no customer's still gets its answer.
 */
export function smsKeywordAnswer(keyword: SmsKeyword, options: { known: boolean; profileUrl: string }): string {
  switch (keyword) {
    case 'stop':
      return 'Dealer Coupons: you will not get any more coupon reminder texts from us. Reply START to turn them back on, HELP for help.';
    case 'start':
      return options.known
        ? 'Dealer Coupons: coupon reminder texts are on, at most 2 msgs per coupon. Msg & data rates may apply. Reply STOP to opt out, HELP for help.'
        : `Dealer Coupons: this number is not on a customer account, so we cannot text you reminders. Add it in My profile: ${options.profileUrl}`;
    case 'help':
      return `Dealer Coupons: reminders before your coupons expire, at most 2 msgs per coupon. Msg & data rates may apply. Reply STOP to opt out. Manage reminders in My profile: ${options.profileUrl}`;
  }
}

/** The event recording one inbound keyword text (stream `sms-inbound-{inboundId}`): its answer goes out once. */
export interface SmsKeywordReceived {
  type: 'SmsKeywordReceived';
  data: {
    /** A UUID derived from the provider's message id: a retried delivery names the same one. */
    inboundId: string;
    keyword: SmsKeyword;
    /**
     * The data subject whose key seals `phoneMobile`: the customer whose mobile phone sent it, or
     * (`fromCustomer` false) the inbound id itself, so a stranger's number is sealed too.
     */
    customerId: string;
    fromCustomer: boolean;
    /** The number that wrote (sealed personal data): where the answer goes. */
    phoneMobile: string | null;
  };
}

export const smsInboundStreamId = (inboundId: string) => `sms-inbound-${inboundId}`;
