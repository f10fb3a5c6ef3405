/**
 * Texts of the redemption-verification messages: the request with the link (e-mail or text)
 * and the notice that staff accepted on the customer's behalf. No op-code prices, no other
 * personal data than the greeting's first name.
 */
import type { MessageText } from './contact-verification-messages';

export interface RedemptionMessageFacts {
  firstName: string | null;
  locationName: string | null;
  roNumber: string;
  opCodes: { opCode: string; description: string | null }[];
}

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');
const dealership = (name: string | null) => name ?? 'Your dealership';
const lines = (opCodes: RedemptionMessageFacts['opCodes']) => opCodes.map((o) => `- ${o.description ? `${o.description} (${o.opCode})` : o.opCode}`).join('\n');
const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

export function verificationRequestText(channel: 'email' | 'sms', facts: RedemptionMessageFacts, link: string, validMinutes: number): MessageText {
  if (channel === 'sms') {
    return {
      subject: 'Service verification',
      body: `Dealer Coupons: ${dealership(facts.locationName)} asks you to approve the services on RO# ${facts.roNumber}: ${link} (valid ${minutes(validMinutes)})`,
    };
  }
  return {
    subject: `Please approve the services on repair order ${facts.roNumber}`,
    body:
      `${greeting(facts.firstName)}\n\n` +
      `${dealership(facts.locationName)} asks you to approve the following services on repair order ${facts.roNumber}:\n\n` +
      `${lines(facts.opCodes)}\n\n` +
      `To approve or decline each one, open this link: ${link}\n\n` +
      `This link is valid for ${minutes(validMinutes)} and can be used once.\n` +
      'If you did not expect this message, please contact your dealership.',
  };
}

export function overrideNoticeText(channel: 'email' | 'sms', facts: RedemptionMessageFacts): MessageText {
  if (channel === 'sms') {
    return {
      subject: 'Services approved',
      body: `Dealer Coupons: ${dealership(facts.locationName)} approved the services on RO# ${facts.roNumber} on your behalf. If you did not agree, please contact your dealership.`,
    };
  }
  return {
    subject: `Services on repair order ${facts.roNumber} were approved on your behalf`,
    body:
      `${greeting(facts.firstName)}\n\n` +
      `${dealership(facts.locationName)} approved the following services on repair order ${facts.roNumber} on your behalf:\n\n` +
      `${lines(facts.opCodes)}\n\n` +
      'If you did not agree to this, please contact your dealership right away.',
  };
}
