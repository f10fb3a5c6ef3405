/** Settings of the search bench (its own BENCH_SEARCH_* variables; the product reads only config/env.ts). */
function int(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}, got ${raw}`);
  return Math.floor(value);
}

export interface SearchBenchSettings {
  server: string;
  customers: number;
  repairOrders: number;
  /** Measured requests per search kind (after a warm-up of a tenth as many). */
  requests: number;
  clients: number;
  /** Samples of the naive ILIKE query per kind (one client, straight SQL). */
  naiveSamples: number;
  /** Also load RO jobs (they take no part in search; off by default to keep the run short). */
  jobs: boolean;
  seed: number;
  targetP95Ms: number;
  /** An already loaded database to use as is and keep (development of the bench itself). */
  reuseDatabase: string | null;
}

export function loadSearchSettings(): SearchBenchSettings {
  return {
    server: (process.env.BENCH_DATABASE_SERVER ?? process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, ''),
    customers: int('BENCH_SEARCH_CUSTOMERS', 1_000_000, 10),
    repairOrders: int('BENCH_SEARCH_ROS', 3_000_000, 10),
    requests: int('BENCH_SEARCH_REQUESTS', 3000, 10),
    clients: int('BENCH_SEARCH_CLIENTS', 16),
    naiveSamples: int('BENCH_SEARCH_NAIVE_SAMPLES', 10),
    jobs: process.env.BENCH_SEARCH_JOBS === '1',
    seed: int('BENCH_SEARCH_SEED', 20_261_122),
    targetP95Ms: 20,
    reuseDatabase: process.env.BENCH_SEARCH_DATABASE || null,
  };
}
