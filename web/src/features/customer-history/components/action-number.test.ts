import { describe, expect, it } from 'vitest';
import { actionNumbers } from './action-number';
import { actorLabel } from './history-values';

describe('the history in words', () => {
  it('should number actions from the oldest, entries of one request sharing the number', () => {
    const entries = [
      { eventId: 'e1', correlationId: 'req-1' },
      { eventId: 'e2', correlationId: 'req-1' },
      { eventId: 'e3', correlationId: 'demo-seed-7' },
      { eventId: 'e4', correlationId: 'req-1' },
    ];
    expect([...actionNumbers(entries).entries()]).toEqual([['e1', 1], ['e2', 1], ['e3', 2], ['e4', 1]]);
  });

  it("should name the product's own parts in words, never by their internal names", () => {
    expect(actorLabel('system:demo-seed', 'c')).toBe('Demo data');
    expect(actorLabel('system:workers', 'c')).toBe('System (messaging)');
    expect(actorLabel('system:something-new', 'c')).toBe('System');
    expect(actorLabel('customer:c', 'c')).toBe('The customer (signed in)');
  });
});
