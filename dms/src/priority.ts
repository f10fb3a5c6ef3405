/**
 * An RO import is background work (ADR 0110): the process that runs it lowers its own CPU priority
 * (a nice value, DMS_IMPORT_NICE), so that on a busy machine the service lane's requests (the API,
 * the read side, their PostgreSQL backends) get the cores first and the import takes what is left.
 * On an idle machine nothing changes: a nice value only matters when processes compete for a core.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * The ids of this process's threads. On Linux a nice value belongs to a thread, and setting the
 * process's own changes only the calling thread's, not the threads V8 and libuv already started
 * (the garbage collector's helpers among them); a thread started later takes its creator's.
 */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0];
  }
}

/**
 * Lowers this process's CPU priority (each of its threads') to at least `nice` (0 = normal, 19 =
 * lowest) and answers the calling thread's nice value then. It never raises a priority: a process
 * already started lower (`nice -n 15 npm run import:ros`) keeps its own. A refusal by the system (a
 * sandbox) leaves the import as it is.
 */
export function lowerImportPriority(nice: number): number {
  for (const thread of threadIds()) {
    try {
      if (getPriority(thread) < nice) setPriority(thread, nice);
    } catch {
      // The thread ended meanwhile, or the system refuses: the import runs as it is.
    }
  }
  return getPriority();
}
