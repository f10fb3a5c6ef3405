/**
 * The load bench's figures (bench/load): latencies recorded per route, summarised per step, and
 * the number of concurrent users at which the p95 of commands and of reads passes its limit.
 * Pure: no I/O, unit-tested in load-report.test.ts.
 */
import { LatencyRecorder } from './stats';

export type RouteKind = 'command' | 'read';

export interface RouteSummary {
  route: string;
  kind: RouteKind;
  /** Answers with the expected status. */
  count: number;
  /** Answers with another status, and requests that got no answer. */
  errors: number;
  /** Answered requests (ok or not) per second of the step. */
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Status codes other than the expected one, e.g. "409 x 3". */
  statuses: string;
}

/** Latency samples and status counts per route, over one measured step. */
export class RouteRecorder {
  private readonly routes = new Map<string, { kind: RouteKind; ok: LatencyRecorder; all: LatencyRecorder; statuses: Map<number, number>; failed: number }>();

  private entry(route: string, kind: RouteKind) {
    let e = this.routes.get(route);
    if (!e) {
      e = { kind, ok: new LatencyRecorder(), all: new LatencyRecorder(), statuses: new Map(), failed: 0 };
      this.routes.set(route, e);
    }
    return e;
  }

  /** An answer: `ok` says whether its status was the one the route should answer. */
  record(route: string, kind: RouteKind, status: number, ms: number, ok: boolean): void {
    const e = this.entry(route, kind);
    e.all.add(ms);
    if (ok) e.ok.add(ms);
    else e.statuses.set(status, (e.statuses.get(status) ?? 0) + 1);
  }

  /** A request that got no answer (connection error, time-out). */
  fail(route: string, kind: RouteKind): void {
    this.entry(route, kind).failed += 1;
  }

  /**
   * One row per route, in the order routes were first seen. Percentiles are of every answered
   * request (an error answered fast is still a user waiting); `count` is the answers with the
   * expected status.
   */
  summarise(seconds: number): RouteSummary[] {
    return [...this.routes].map(([route, e]) => {
      const [p50, p95, p99] = e.all.percentiles(50, 95, 99);
      const wrong = [...e.statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s} x ${n}`);
      if (e.failed) wrong.push(`no answer x ${e.failed}`);
      return {
        route, kind: e.kind, count: e.ok.count, errors: e.all.count - e.ok.count + e.failed,
        perSecond: seconds > 0 ? e.all.count / seconds : Number.NaN, p50: p50!, p95: p95!, p99: p99!, statuses: wrong.join(', '),
      };
    });
  }

  /** p95 over every answer of the routes of one kind (all commands, or all reads). */
  kindPercentiles(kind: RouteKind, ...ps: number[]): number[] {
    const merged = new LatencyRecorder();
    for (const e of this.routes.values()) if (e.kind === kind) for (const ms of e.all.values()) merged.add(ms);
    return merged.percentiles(...ps);
  }
}

export interface StepFigures {
  users: number;
  commandP95: number;
  readP95: number;
}

export interface Capacity {
  /** Fewest users measured at which the commands' p95 passed the limit; null: never within the steps. */
  commandsPassAt: number | null;
  /** Fewest users measured at which the reads' p95 passed the limit; null: never. */
  readsPassAt: number | null;
  /** Most users measured with both p95s within their limits below every step that passed one; null: none. */
  withinBoth: number | null;
}

/**
 * Where the p95s pass their limits, from steps measured at increasing numbers of users. A limit
 * "passes" when the p95 is above it. `withinBoth` is the last step before the first that passed
 * either limit (a later step that happens to be within both does not count: the host was noisy).
 */
export function capacity(steps: readonly StepFigures[], limits: { commandMs: number; readMs: number }): Capacity {
  const ordered = [...steps].sort((a, b) => a.users - b.users);
  const commandsPassAt = ordered.find((s) => s.commandP95 > limits.commandMs)?.users ?? null;
  const readsPassAt = ordered.find((s) => s.readP95 > limits.readMs)?.users ?? null;
  let withinBoth: number | null = null;
  for (const s of ordered) {
    if (s.commandP95 > limits.commandMs || s.readP95 > limits.readMs) break;
    withinBoth = s.users;
  }
  return { commandsPassAt, readsPassAt, withinBoth };
}

/**
 * Splits `users` among user kinds in proportion to their weights (largest remainder); every kind
 * with a weight gets at least one (taken from the kind with the most), so the sum is `users`, or
 * the number of weighted kinds if that is larger.
 */
export function splitUsers<K extends string>(users: number, weights: Readonly<Record<K, number>>): Record<K, number> {
  const kinds = (Object.keys(weights) as K[]).filter((k) => weights[k] > 0);
  const total = kinds.reduce((s, k) => s + weights[k], 0);
  const out = Object.fromEntries((Object.keys(weights) as K[]).map((k) => [k, 0])) as Record<K, number>;
  if (kinds.length === 0) return out;
  const budget = Math.max(users, kinds.length);
  const shares = kinds.map((k) => ({ k, exact: (budget * weights[k]) / total }));
  let given = 0;
  for (const s of shares) {
    out[s.k] = Math.floor(s.exact);
    given += out[s.k];
  }
  const byRemainder = [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)));
  for (let i = 0; given < budget; i++, given++) out[byRemainder[i]!.k] += 1;
  for (const k of kinds) {
    if (out[k] > 0) continue;
    const richest = kinds.reduce((a, b) => (out[b] > out[a] ? b : a));
    out[richest] -= 1;
    out[k] = 1;
  }
  return out;
}
