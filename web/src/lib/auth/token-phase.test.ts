// Unit tests of the token life phases that drive renewal on window focus (SPEC 4).
import { describe, expect, it } from 'vitest';
import type { AuthTokenPayload } from '@dealer/contracts';
import { tokenPhase } from './token-phase';

const session = {
  receivedAt: 1_000_000,
  payload: { expiresSeconds: 900, renewPeriodSeconds: 600 } as AuthTokenPayload,
};

describe('tokenPhase', () => {
  it('should be fresh before the renew period starts', () => {
    expect(tokenPhase(session, 1_000_000)).toBe('fresh');
    expect(tokenPhase(session, 1_000_000 + 599_999)).toBe('fresh');
  });

  it('should be in the renew period from renewPeriodSeconds into its life until it expires', () => {
    expect(tokenPhase(session, 1_000_000 + 600_000)).toBe('renew');
    expect(tokenPhase(session, 1_000_000 + 899_999)).toBe('renew');
  });

  it('should be expired from expiresSeconds on', () => {
    expect(tokenPhase(session, 1_000_000 + 900_000)).toBe('expired');
  });
});
