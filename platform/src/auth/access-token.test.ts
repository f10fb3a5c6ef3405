import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const secret = 'a-test-secret-of-enough-length-000000';
const claims = { sub: 'c0ffee00-0000-4000-8000-000000000001', kind: 'employee' as const, roles: ['manager' as const], locationIds: [1], sid: '5e55100e-0000-4000-8000-000000000001' };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('should verify a token, and again from the verified-token cache, with the same claims', async () => {
    const token = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, secret)).toEqual(claims);
    expect(await verifyAccessToken(token, secret)).toEqual(claims);
  });

  it('should refuse a cached token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const token = await signAccessToken(claims, secret, 60, new Date());
    expect(await verifyAccessToken(token, secret)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    expect(await verifyAccessToken(token, secret)).toBeNull();
  });

  it('should refuse another secret, a tampered payload and a missing signature', async () => {
    const token = await signAccessToken(claims, secret, 60);
    expect(await verifyAccessToken(token, 'another-secret-of-enough-length-00000')).toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), roles: ['admin'] })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forged}.${signature}`, secret)).toBeNull();
    expect(await verifyAccessToken(`${header}.${payload}.`, secret)).toBeNull();
  });
});
