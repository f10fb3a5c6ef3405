import type { Logger, Sql } from '@dealer/platform';

export type SweepLog = (message: string, error: unknown) => void;

export interface PeriodicSweepHandle {
  /** Runs a sweep now (nothing when one is running in this process). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Runs `sweep` every `intervalMs` in the workers (the first one `intervalMs` after the start; the
 * timer never keeps the process alive), as the pack-sale finaliser does: one process sweeps at a
 * time (a transaction-scoped advisory lock named `lock`, so of several workers processes one
 * active instance sweeps and the others skip that round), and one sweep at a time per process (a
 * tick during a sweep is skipped). Failures inside a sweep are logged through the `log` it is
 * given; a sweep that throws (the read model is not there yet, the database is away) is logged as
 * `failure` and tried again next time. Shared by the gift-expiry and abandoned-order sweeps.
 */
export function startPeriodicSweep(deps: { sql: Sql; logger?: Logger | undefined }, options: { lock: string; intervalMs: number; failure: string }, sweep: (log: SweepLog) => Promise<unknown>): PeriodicSweepHandle {
  let running: Promise<void> | null = null;
  const log: SweepLog = (message, error) => deps.logger?.warn({ err: error instanceof Error ? error.message : String(error) }, message);
  const run = () => {
    if (running) return;
    running = deps.sql
      .begin(async (tx) => {
        const [lock] = await tx<{ locked: boolean }[]>`select pg_try_advisory_xact_lock(hashtext(${options.lock})) as locked`;
        // Another process is sweeping: this one waits for the next round.
        if (!lock?.locked) return;
        await sweep(log);
      })
      .catch((error: unknown) => {
        // The read model is not there yet (the projector creates it) or the database is away: next time.
        log(options.failure, error);
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    wake: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
