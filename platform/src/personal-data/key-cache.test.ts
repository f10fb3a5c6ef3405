import { describe, expect, it } from 'vitest';
import { KeyCache } from './key-cache';

describe('KeyCache', () => {
  it('keeps an entry at least half the TTL and never longer than the TTL after it was put', () => {
    const cache = new KeyCache<string>(100, 1000, 0);
    cache.set('early', 'a', 0);
    cache.set('late', 'b', 499);
    expect(cache.get('early', 499)).toBe('a');
    // Half the TTL: the generation gives way, its entries stay until its start plus the TTL.
    expect(cache.get('late', 500)).toBe('b');
    expect(cache.get('early', 999)).toBe('a');
    expect(cache.get('late', 999)).toBe('b');
    expect(cache.get('early', 1000)).toBeUndefined();
    // Put at 499, gone at 1000: sooner than its own TTL, never later.
    expect(cache.get('late', 1000)).toBeUndefined();
  });

  it('starts a new generation for an entry put once the current one is half the TTL old', () => {
    const cache = new KeyCache<string>(100, 1000, 0);
    cache.set('first', 'a', 0);
    // At 600 the generation of 0 gives way: this entry lives until 1600, not until 1000.
    cache.set('later', 'c', 600);
    expect(cache.get('first', 999)).toBe('a');
    expect(cache.get('later', 1599)).toBe('c');
    expect(cache.get('first', 1599)).toBeUndefined();
    expect(cache.get('later', 1600)).toBeUndefined();
  });

  it('forgets everything after a quiet spell longer than the TTL', () => {
    const cache = new KeyCache<string>(100, 1000, 0);
    cache.set('k', 'v', 10);
    expect(cache.get('k', 5000)).toBeUndefined();
    cache.set('k', 'w', 5000);
    expect(cache.get('k', 5999)).toBe('w');
  });

  it('drops the oldest generation whole when the young one is full', () => {
    const cache = new KeyCache<number>(2, 60_000, 0);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0); // a and b become the old generation
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([1, 2, 3]);
    cache.set('d', 4, 0);
    cache.set('e', 5, 0); // c and d become the old generation: a and b are gone
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0), cache.get('e', 0)]).toEqual([undefined, undefined, 3, 5]);
  });

  it('answers the newest value, and nothing once deleted', () => {
    const cache = new KeyCache<string>(1, 60_000, 0);
    cache.set('k', 'key', 0);
    cache.set('other', 'x', 0); // k is now in the old generation
    cache.set('k', 'erased', 0);
    expect(cache.get('k', 0)).toBe('erased');
    cache.delete('k');
    expect(cache.get('k', 0)).toBeUndefined();
  });
});
