/**
 * An RO import is background work (ADR 0110): the process that runs it lowers its own CPU priority
 * (a nice value, DMS_IMPORT_NICE), so that on a busy machine the service lane's requests (the API,
 * the read side, their PostgreSQL backends) get the cores first and the import takes what is left.
 * On an idle machine nothing changes: a nice value only matters when processes compete for a core.
 */
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers this process's CPU priority to at least `nice` (0 = normal, 19 = lowest) and answers the
 * nice value in effect. It never raises a priority: a process already started lower (`nice -n 15
 * npm run import:ros`) keeps its own. A refusal by the system (a sandbox) leaves the import as it is.
 */
export function lowerImportPriority(nice: number): number {
  const current = getPriority();
  if (nice <= current) return current;
  try {
    setPriority(nice);
    return getPriority();
  } catch {
    return current;
  }
}
