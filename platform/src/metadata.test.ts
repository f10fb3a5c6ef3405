import { describe, expect, it } from 'vitest';
import { requestIds, systemContext, toNewEvents } from './metadata';
import { positionOfRequest } from './command-handling';
import type { RecordedEvent } from './event-store/port';

describe('request-derived ids (exactly once across crashes)', () => {
  it('should derive the same ids in the same order for the same request key, and others for another key', () => {
    const a = requestIds('key-a');
    const again = requestIds('key-a');
    const other = requestIds('key-b');
    const first = [a(), a(), a()];
    expect([again(), again(), again()]).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(first).not.toContain(other());
    for (const id of first) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("should record the request key on every event, with random event ids (never from the request's id sequence)", () => {
    const ctx = { ...systemContext('test'), newId: requestIds('key-a'), requestKey: 'key-a' };
    const [one, two] = toNewEvents([{ type: 'A', data: {} }, { type: 'B', data: {} }], ctx);
    expect(one!.metadata.requestKey).toBe('key-a');
    expect(two!.metadata.requestKey).toBe('key-a');
    expect(one!.metadata.eventId).not.toBe(requestIds('key-a')());
    const [plain] = toNewEvents([{ type: 'A', data: {} }], systemContext('test'));
    expect(plain!.metadata).not.toHaveProperty('requestKey');
  });

  it("should find the position of the request's own last event, and none without a key", () => {
    const event = (globalPosition: number, requestKey?: string) =>
      ({ type: 'A', data: {}, streamId: 's', revision: globalPosition, globalPosition, metadata: { eventId: String(globalPosition), correlationId: 'c', causationId: null, actor: 'a', time: '', ...(requestKey ? { requestKey } : {}) } }) as RecordedEvent;
    const history = [event(1, 'k'), event(2, 'k'), event(3, 'other'), event(4)];
    expect(positionOfRequest(history, { requestKey: 'k' })).toBe(2);
    expect(positionOfRequest(history, { requestKey: 'none' })).toBeNull();
    expect(positionOfRequest(history, {})).toBeNull();
  });
});
