import type { FastifyInstance } from 'fastify';

export type SweepLog = (message: string, error: unknown) => void;

/**
 * Runs `sweep` on `app` every `intervalMs` while the app is up (started on ready, stopped
 * on close, the timer never keeping the process alive). A sweep still running when the next tick
 * comes is not started twice. Failures inside a sweep are logged through the `log` it is given; a
 * sweep that throws (the read model is not there yet, the database is away) is logged as `failure`
 * and tried again next time. Shared by the gift-expiry and abandoned-order sweeps.
 */
export function runPeriodically(app: FastifyInstance, intervalMs: number, failure: string, sweep: (log: SweepLog) => Promise<unknown>): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await sweep((message, error) => app.log.warn({ err: error }, message));
    } catch (error) {
      // The read model is not there yet (the projector creates it) or the database is away: next time.
      app.log.warn({ err: error }, failure);
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
