/**
 * Pending pack sales become final when the DMS data shows their sale RO closed (issue 11, SPEC
 * 2.5 and 4): a sweep finds pending sales (read model rm_pack_sales.sales) whose RO has a close
 * date in ref.repair_orders and appends PackSaleFinalised via 'ro-closed' to each.
 *
 * It runs when an import commits (the importer's NOTIFY on 'dms_imported'), on (re)connecting
 * the listener (a notification may have been missed), and every PACK_SALE_FINALISE_INTERVAL_MS
 * as a fallback (a sale the read model had not caught up with at the import's sweep, a lost
 * notification). The read model only nominates: each sale is decided against its own stream and
 * checked against the RO again, then appended with the revision it was decided on, so a sweep
 * is idempotent and a concurrent command (a manager's finalise or void, another process's sweep)
 * wins cleanly. One process sweeps at a time (a transaction-scoped advisory lock), and one sweep
 * at a time per process (a notification during a sweep asks for one more).
 */
import { packSaleStreamId } from '@dealer/contracts';
import { load, handle, systemContext, WrongExpectedRevisionError, type EventStore, type Logger, type Sql } from '@dealer/platform';
import { DMS_IMPORTED_CHANNEL } from '@dealer/dms/importer';
import { packSaleDecider, type SaleActor } from '@dealer/domain/pack-sale/decide';
import { pendingSalesWithClosedRo } from '@dealer/read-models/pack-sales/queries';

export { DMS_IMPORTED_CHANNEL };
export const FINALISER_ACTOR = 'system:pack-sale-finaliser';
/** Only one process sweeps at a time. */
const SWEEP_LOCK = 'pack-sales:finalise-closed';
const BATCH = 200;

export interface FinaliseSweepResult {
  /** Sales that became final in this sweep. */
  finalised: number;
  /** Candidates changed by someone else meanwhile (the next sweep looks again). */
  skipped: number;
  /** False when another process held the sweep lock. */
  ran: boolean;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const UNDEFINED_TABLE = '42P01';

/** Pending sales whose sale RO the DMS data shows closed, after `after` in sale id order (the pack-sales read model). */
const candidates = (sql: Sql, after: string) => pendingSalesWithClosedRo(sql, after, BATCH);

/** Finalises one sale if its stream says pending and its RO (per the stream) is closed; true when it appended. */
async function finaliseOne(deps: { sql: Sql; store: EventStore }, saleId: string): Promise<'finalised' | 'unchanged' | 'skipped'> {
  const stream = packSaleStreamId(saleId);
  const { state, revision } = await load(deps.store, stream, packSaleDecider);
  if (!state || state.status !== 'pending') return 'unchanged';
  const [closed] = await deps.sql`
    select 1 as closed from ref.repair_orders
     where location_id = ${state.locationId} and ro_number = ${state.saleRoNumber} and close_date is not null`;
  if (!closed) return 'unchanged';
  const ctx = systemContext(FINALISER_ACTOR);
  const actor: SaleActor = { userId: FINALISER_ACTOR, isManager: false };
  try {
    const result = await handle(deps.store, stream, packSaleDecider, { type: 'FinalisePackSale', data: { via: 'ro-closed', actor, now: ctx.now() } }, ctx, {
      expectedRevision: revision,
    });
    return result.position === null ? 'unchanged' : 'finalised';
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return 'skipped';
    throw error;
  }
}

/** One sweep over every candidate (under the sweep lock). */
export async function finaliseClosedSales(deps: { sql: Sql; store: EventStore }): Promise<FinaliseSweepResult> {
  return deps.sql.begin(async (tx) => {
    const [lock] = await tx<{ locked: boolean }[]>`select pg_try_advisory_xact_lock(hashtext(${SWEEP_LOCK})) as locked`;
    if (!lock?.locked) return { finalised: 0, skipped: 0, ran: false };
    const result: FinaliseSweepResult = { finalised: 0, skipped: 0, ran: true };
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const ids = await candidates(deps.sql, after);
      for (const id of ids) {
        const outcome = await finaliseOne(deps, id);
        if (outcome === 'finalised') result.finalised++;
        else if (outcome === 'skipped') result.skipped++;
      }
      if (ids.length < BATCH) return result;
      after = ids[ids.length - 1]!;
    }
  });
}

export interface PackSaleFinaliserHandle {
  /** Asks for a sweep now (coalesced with one already running). */
  wake(): void;
  stop(): Promise<void>;
}

/** Starts the sweeps: on each 'dms_imported' notification and every `intervalMs`. */
export function startPackSaleFinaliser(deps: { sql: Sql; store: EventStore; logger?: Logger; intervalMs: number }): PackSaleFinaliserHandle {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  let missingTableLogged = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    // A wake-up replaces the next regular sweep; a regular one never delays a sooner one.
    if (timer && delay > 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(sweep, delay);
  };
  const sweep = () => {
    timer = null;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = finaliseClosedSales(deps)
      .then((r) => {
        missingTableLogged = false;
        if (r.finalised > 0 || r.skipped > 0) deps.logger?.info(r, 'pending pack sales on closed ROs finalised');
      })
      .catch((error: unknown) => {
        const missingTable = (error as { code?: string }).code === UNDEFINED_TABLE;
        if (missingTable) {
          // A fresh database: the projector has not created its read tables yet. Not a failure.
          if (!missingTableLogged) deps.logger?.info('pack-sale read model not created yet; finalising waits for the next sweep');
          missingTableLogged = true;
          return;
        }
        deps.logger?.error({ err: message(error) }, 'finalising pack sales on closed ROs failed; retrying at the next sweep');
      })
      .finally(() => {
        busy = false;
        const soon = again;
        again = false;
        schedule(soon ? 0 : deps.intervalMs);
      });
  };

  // onlisten runs on every (re)connection of the listener: a sweep then covers what was missed.
  const listening = deps.sql
    .listen(DMS_IMPORTED_CHANNEL, () => schedule(0), () => schedule(0))
    .catch((error: unknown) => {
      deps.logger?.warn({ err: message(error) }, 'pack-sale finaliser not listening for imports; it polls');
      schedule(0);
      return null;
    });

  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const listener = await listening;
      await listener?.unlisten().catch(() => undefined);
      await running;
    },
  };
}
