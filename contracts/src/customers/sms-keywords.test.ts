import { describe, expect, it } from 'vitest';
import { smsKeywordAnswer, smsKeywordOf } from './sms-keywords';
import { consentChangeSummary } from './marketing-consent';

describe('SMS keywords', () => {
  it('should read the whole message, trimmed, in any case', () => {
    for (const word of ['STOP', 'stop', ' Stop ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit']) expect(smsKeywordOf(word), word).toBe('stop');
    for (const word of ['START', 'unstop', 'Yes']) expect(smsKeywordOf(word), word).toBe('start');
    for (const word of ['HELP', 'info ']) expect(smsKeywordOf(word), word).toBe('help');
  });

  it('should take no other text for a keyword', () => {
    for (const text of ['please stop', 'STOP!', 'stop it', '', 'Thanks', 'S T O P']) expect(smsKeywordOf(text), text).toBeNull();
  });

  it('should answer each keyword with the standard wording', () => {
    const profileUrl = 'https://dealer.example/customer/profile';
    expect(smsKeywordAnswer('stop', { known: false, profileUrl })).toMatch(/not get any more .* Reply START/);
    expect(smsKeywordAnswer('start', { known: true, profileUrl })).toContain('Msg & data rates may apply. Reply STOP to opt out, HELP for help.');
    expect(smsKeywordAnswer('start', { known: false, profileUrl })).toContain(profileUrl);
    expect(smsKeywordAnswer('help', { known: true, profileUrl })).toMatch(/Msg & data rates may apply\. Reply STOP to opt out\./);
  });
});

describe('consent changes in the history', () => {
  it('should say what changed and where it came from, in words', () => {
    expect(consentChangeSummary({ channel: 'sms', granted: false, source: 'sms-keyword' })).toBe('Reminder texts turned off (replied STOP)');
    expect(consentChangeSummary({ channel: 'sms', granted: true, source: 'sms-keyword' })).toBe('Reminder texts turned on (replied START)');
    expect(consentChangeSummary({ channel: 'email', granted: false, source: 'unsubscribe-link' })).toBe('Reminder e-mails turned off (unsubscribe link)');
    expect(consentChangeSummary({ channel: 'email', granted: true, source: 'profile' })).toBe('Reminder e-mails turned on (in My profile)');
    expect(consentChangeSummary({ channel: 'sms', granted: true, source: 'staff' })).toBe('Reminder texts turned on (by staff at the dealership)');
  });
});
