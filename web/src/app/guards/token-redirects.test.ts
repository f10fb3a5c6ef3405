// Unit tests of the registration and gift link redirects (SPEC 2.1), including links without a usable token.
import { describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router-dom';

// The gift sign-in link first picks up the session a refresh cookie offers.
const ensureSession = vi.hoisted(() => vi.fn(async () => null));
vi.mock('../../lib/auth/session', () => ({ ensureSession }));

import { giftLoginRedirect, giftRegistrationRedirect, isUsableToken, registrationRedirect } from './token-redirects';

const args = (params: Record<string, string>) => ({ params, request: new Request('https://app.invalid/'), context: {} }) as unknown as LoaderFunctionArgs;

function locationOf(run: () => unknown): string | null {
  try {
    run();
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('Location') : null;
  }
  return null;
}

async function asyncLocationOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('Location') : null;
  }
  return null;
}

describe('token redirects', () => {
  it('should accept one word of sane length as a token', () => {
    expect(isUsableToken('abc-DEF_123')).toBe(true);
    for (const bad of [undefined, '', ' abc', 'a b', 'a/b', 'x'.repeat(513)]) expect(isUsableToken(bad), String(bad)).toBe(false);
  });

  it('should send registration links to the auth host registration page', () => {
    expect(locationOf(() => registrationRedirect(args({ securityToken: 'tok123' })))).toBe('/auth/register/tok123');
    expect(locationOf(() => registrationRedirect(args({ securityToken: ' ' })))).toBe('/');
  });

  it('should send gift links to the gift page, and gift sign-in links to the sign-in page with the token after picking up the session', async () => {
    expect(locationOf(() => giftRegistrationRedirect(args({ email: 'a@b.example', giftToken: 'g1' })))).toBe('/auth/gift/a%40b.example/g1');
    expect(locationOf(() => giftRegistrationRedirect(args({ email: 'nobody', giftToken: 'g1' })))).toBe('/');
    expect(await asyncLocationOf(() => giftLoginRedirect(args({ giftToken: 'g1' })))).toBe('/auth/login?giftToken=g1');
    expect(ensureSession).toHaveBeenCalledTimes(1);
    expect(await asyncLocationOf(() => giftLoginRedirect(args({ giftToken: 'a b' })))).toBe('/');
    expect(ensureSession).toHaveBeenCalledTimes(1);
  });
});
