import { describe, expect, it } from 'vitest';
import { capacity, RouteRecorder, splitUsers } from './load-report';
import { LatencyRecorder } from './stats';

describe('LatencyRecorder percentiles (nearest rank)', () => {
  it('answers the sample at rank ceil(p/100 * n)', () => {
    const r = new LatencyRecorder();
    for (let ms = 100; ms >= 1; ms--) r.add(ms);
    expect(r.percentiles(50, 95, 99, 100)).toEqual([50, 95, 99, 100]);
    const few = new LatencyRecorder();
    for (const ms of [3, 1, 2]) few.add(ms);
    expect(few.percentiles(50, 95)).toEqual([2, 3]);
    expect(new LatencyRecorder().percentiles(50)[0]).toBeNaN();
  });
});

describe('RouteRecorder', () => {
  it('summarises per route: counts, errors with their statuses, rate, percentiles of every answer', () => {
    const r = new RouteRecorder();
    for (let i = 1; i <= 20; i++) r.record('GET /a', 'read', 200, i, true);
    r.record('POST /b', 'command', 201, 10, true);
    r.record('POST /b', 'command', 409, 30, false);
    r.record('POST /b', 'command', 409, 40, false);
    r.fail('POST /b', 'command');
    const [a, b] = r.summarise(2);
    expect(a).toMatchObject({ route: 'GET /a', kind: 'read', count: 20, errors: 0, perSecond: 10, p50: 10, p95: 19, p99: 20, statuses: '' });
    expect(b).toMatchObject({ route: 'POST /b', kind: 'command', count: 1, errors: 3, perSecond: 1.5, p50: 30, p99: 40, statuses: '409 x 2, no answer x 1' });
    expect(r.kindPercentiles('command', 50)).toEqual([30]);
    expect(r.kindPercentiles('read', 95)).toEqual([19]);
  });
});

describe('capacity', () => {
  const limits = { commandMs: 200, readMs: 100 };
  it('finds the first step past each limit and the last step within both', () => {
    const steps = [
      { users: 16, commandP95: 150, readP95: 120 },
      { users: 4, commandP95: 40, readP95: 20 },
      { users: 8, commandP95: 90, readP95: 60 },
      { users: 32, commandP95: 250, readP95: 200 },
    ];
    expect(capacity(steps, limits)).toEqual({ commandsPassAt: 32, readsPassAt: 16, withinBoth: 8 });
  });
  it('says null when a limit never passed, or the first step already passed one', () => {
    expect(capacity([{ users: 2, commandP95: 10, readP95: 10 }], limits)).toEqual({ commandsPassAt: null, readsPassAt: null, withinBoth: 2 });
    expect(capacity([{ users: 2, commandP95: 201, readP95: 10 }, { users: 4, commandP95: 100, readP95: 10 }], limits)).toEqual({ commandsPassAt: 2, readsPassAt: null, withinBoth: null });
  });
});

describe('splitUsers', () => {
  it('gives every weighted kind at least one user and hands out exactly the users', () => {
    expect(splitUsers(10, { a: 4, b: 2, c: 1, d: 3 })).toEqual({ a: 4, b: 2, c: 1, d: 3 });
    expect(splitUsers(4, { a: 4, b: 2, c: 1, d: 3 })).toEqual({ a: 1, b: 1, c: 1, d: 1 });
    const big = splitUsers(64, { a: 4, b: 2, c: 1, d: 3, e: 0 });
    expect(Object.values(big).reduce((s, n) => s + n, 0)).toBe(64);
    expect(big.e).toBe(0);
    expect(big.a).toBeGreaterThan(big.b);
  });
});
