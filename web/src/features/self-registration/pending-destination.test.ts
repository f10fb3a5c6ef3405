// Unit tests of the destination kept for a visitor who registers from /purchase: kept for a day, then dropped.
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetDestination, rememberDestination, rememberedDestination } from './pending-destination';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
});

describe('the destination after registering from /purchase', () => {
  const pack = '/customer/purchase?packId=p1&locationId=2';

  it('should keep the chosen pack for a day and then drop it', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    rememberDestination(pack, now);
    expect(rememberedDestination(now + 23 * 3600_000)).toBe(pack);
    expect(rememberedDestination(now + 25 * 3600_000)).toBeNull();
    expect(rememberedDestination(now - 60_000)).toBeNull();
  });

  it('should forget it, and remember nothing without a destination', () => {
    rememberDestination(pack);
    forgetDestination();
    expect(rememberedDestination()).toBeNull();
    rememberDestination(pack);
    rememberDestination(null);
    expect(rememberedDestination()).toBeNull();
    store.set('dealer.registration.destination', '{not json');
    expect(rememberedDestination()).toBeNull();
  });
});
