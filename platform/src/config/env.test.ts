/** Production mode refuses to start without real secrets, providers and its public address (issue 10, item 17). */
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

const COMPLETE = {
  APP_MODE: 'production',
  PII_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
  AUTH_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtps://user:password@smtp.example.com:465',
  SMS_PROVIDER_URL: 'https://sms.example.com/send',
  PUBLIC_URL: 'https://service.dealer.example',
};

describe('loadEnv in production mode', () => {
  it('should name every missing setting: secrets, e-mail transport, SMS provider and public address', () => {
    expect(() => loadEnv({ APP_MODE: 'production' })).toThrow(
      /PII_MASTER_KEY is required in production mode.*AUTH_SECRET is required.*SMTP_URL is required.*SMS_PROVIDER_URL is required.*PUBLIC_URL is required/,
    );
  });

  it.each(['SMTP_URL', 'SMS_PROVIDER_URL', 'PUBLIC_URL'] as const)('should refuse to start without %s, also when its line is left blank', (key) => {
    const { [key]: _left, ...rest } = COMPLETE;
    expect(() => loadEnv(rest)).toThrow(new RegExp(`^Invalid configuration: ${key} is required in production mode`));
    expect(() => loadEnv({ ...COMPLETE, [key]: '  ' })).toThrow(new RegExp(`${key} is required in production mode`));
  });

  it("should refuse the example file's placeholders", () => {
    expect(() => loadEnv({ ...COMPLETE, SMTP_URL: 'smtps://<user>:<password>@<smtp.your-provider.example>:465' })).toThrow(/SMTP_URL is still the example's placeholder/);
  });

  it("should take SMS_WEBHOOK_SECRET as optional, blank as unset, and refuse the example's placeholder or a short one (ADR 0089)", () => {
    expect(loadEnv(COMPLETE).SMS_WEBHOOK_SECRET).toBeUndefined();
    expect(loadEnv({ ...COMPLETE, SMS_WEBHOOK_SECRET: ' ' }).SMS_WEBHOOK_SECRET).toBeUndefined();
    expect(loadEnv({ ...COMPLETE, SMS_WEBHOOK_SECRET: 'a-long-enough-webhook-secret' }).SMS_WEBHOOK_SECRET).toBe('a-long-enough-webhook-secret');
    expect(() => loadEnv({ ...COMPLETE, SMS_WEBHOOK_SECRET: '<at least 16 characters, or leave blank>' })).toThrow(/SMS_WEBHOOK_SECRET is still the example's placeholder/);
    expect(() => loadEnv({ ...COMPLETE, SMS_WEBHOOK_SECRET: 'short' })).toThrow(/SMS_WEBHOOK_SECRET must be at least 16 characters/);
  });

  it('should start with everything set, and demo mode needs none of it', () => {
    expect(loadEnv(COMPLETE)).toMatchObject({ APP_MODE: 'production', SMTP_URL: COMPLETE.SMTP_URL, PUBLIC_URL: COMPLETE.PUBLIC_URL });
    expect(loadEnv({}).APP_MODE).toBe('demo');
    const blank = loadEnv({ SMTP_URL: '', PII_KEY_DATABASE_URL: '' });
    expect([blank.SMTP_URL, blank.PII_KEY_DATABASE_URL]).toEqual([undefined, undefined]);
  });
});

describe('loadEnv: DMS_IMPORT_NICE (ADR 0110)', () => {
  it('should default to 10, take 0 to 19, and refuse anything else naming the setting', () => {
    expect(loadEnv({}).DMS_IMPORT_NICE).toBe(10);
    expect(loadEnv({ DMS_IMPORT_NICE: '0' }).DMS_IMPORT_NICE).toBe(0);
    expect(loadEnv({ DMS_IMPORT_NICE: '19' }).DMS_IMPORT_NICE).toBe(19);
    for (const bad of ['20', '-1', '2.5', 'low']) expect(() => loadEnv({ DMS_IMPORT_NICE: bad })).toThrow(/DMS_IMPORT_NICE/);
  });
});
