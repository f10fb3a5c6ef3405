/**
 * Form drafts past their lifetime (decision 0082): every FORM_DRAFT_SWEEP_INTERVAL_MS the workers
 * (one active instance: periodic-sweep.ts) delete drafts not autosaved for
 * FORM_DRAFT_LIMITS.lifetimeDays, a batch at a time until none is left. A draft past its lifetime
 * is already not found by the API; this removes its row (and its sealed values) for good.
 */
import type { Logger, Sql } from '@dealer/platform';
import { deleteExpiredFormDrafts } from '@dealer/platform/form-drafts/store';
import { startPeriodicSweep, type PeriodicSweepHandle } from './periodic-sweep';

export const FORM_DRAFT_SWEEP_INTERVAL_MS = 60 * 60_000;
const BATCH = 1000;

/** One sweep: every expired draft, in batches. The number removed. */
export async function sweepExpiredFormDrafts(sql: Sql, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const n = await deleteExpiredFormDrafts(sql, now, BATCH);
    removed += n;
    if (n < BATCH) return removed;
  }
}

export function startFormDraftSweeper(deps: { sql: Sql; logger?: Logger }, intervalMs = FORM_DRAFT_SWEEP_INTERVAL_MS): PeriodicSweepHandle {
  return startPeriodicSweep(deps, { lock: 'form-drafts:expiry-sweep', intervalMs, failure: 'sweeping expired form drafts failed' }, async () => {
    const removed = await sweepExpiredFormDrafts(deps.sql);
    if (removed > 0) deps.logger?.info({ removed }, 'expired form drafts removed');
  });
}
