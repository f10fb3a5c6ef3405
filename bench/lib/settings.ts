/**
 * Bench settings. The bench is a developer tool run by `npm run bench`, so it reads its own
 * BENCH_* variables here (the application itself only reads the environment in config/env.ts).
 */
function int(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}, got ${raw}`);
  return Math.floor(value);
}

function list(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  const values = raw.split(',').map((s) => Number(s.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`${name} must be a comma list of positive integers`);
  return values;
}

export type Section = 'a' | 'b' | 'c' | 'd' | 'e';

export interface BenchSettings {
  /** postgres://user@host:port (no database): every bench database is created on this server. */
  server: string;
  /** Measured seconds of each append / pgbench case. */
  seconds: number;
  /** Warm-up seconds before each append / pgbench case (not measured). */
  warmupSeconds: number;
  /**
   * Warm-up of the product cases of (e), alone and running alike (so their ratio stays fair): at
   * least warmupSeconds. Each segment forks a fresh read side, whose first second or so (modules
   * compiled on first use, a cold JIT, new connections) is not the long-lived read side npm start
   * runs: with 1 s every lag over 200 ms at 8 and 32 writers fell in the first 750 ms measured.
   */
  productWarmupSeconds: number;
  /** Concurrent writers of the append cases. */
  writers: number[];
  /** Size of the projection-rebuild fixture. */
  events: number;
  /** Events per batch handed to rebuildProjection. */
  rebuildBatchSize: number | undefined;
  /** Sections to run: a = appends, b = pgbench, c = rebuild, d = the slow ('any') append path, e = appends while the projector and reactor run. */
  sections: Set<Section>;
  /** Our store's statements in flight at once (its maxInFlight); undefined: the store's default. */
  maxInFlight: number | undefined;
}

export function loadSettings(): BenchSettings {
  const sections = new Set(
    (process.env.BENCH_SECTIONS ?? 'abcde')
      .toLowerCase()
      .split('')
      .filter((s): s is Section => 'abcde'.includes(s)),
  );
  const warmupSeconds = int('BENCH_WARMUP_SECONDS', 1, 0);
  const batch = process.env.BENCH_REBUILD_BATCH ? int('BENCH_REBUILD_BATCH', 1000) : undefined;
  return {
    server: (process.env.BENCH_DATABASE_SERVER ?? process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, ''),
    seconds: int('BENCH_SECONDS', 10),
    warmupSeconds,
    productWarmupSeconds: Math.max(warmupSeconds, int('BENCH_PRODUCT_WARMUP_SECONDS', 3, 0)),
    writers: list('BENCH_WRITERS', [1, 8, 32]),
    events: int('BENCH_EVENTS', 1_000_000, 2),
    rebuildBatchSize: batch,
    sections,
    maxInFlight: process.env.BENCH_MAX_IN_FLIGHT ? int('BENCH_MAX_IN_FLIGHT', 2) : undefined,
  };
}
