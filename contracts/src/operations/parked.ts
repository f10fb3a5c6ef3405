/**
 * What an operator sees of work the product could not do on its own: events a projection could
 * not apply (parked with their error, the other projections go on) and message jobs that failed
 * for good. Admins list them and ask for a retry after a fix, without a restart.
 *   GET  /api/parked-events            -> { dataSet: ParkedEvent[] }
 *   POST /api/parked-events/{id}/retry -> { dataSet: { id } }
 *   GET  /api/failed-jobs              -> { dataSet: FailedJob[] }
 *   POST /api/failed-jobs/{id}/retry   -> { dataSet: { id } }
 */
export interface ParkedEvent {
  id: string;
  /** The projection (read model) that could not apply the event. */
  projection: string;
  /** Global position of the event in the store (a decimal string: positions pass 2^53 in theory). */
  globalPosition: string;
  eventType: string;
  /** The error the projection raised (no personal data: the event's data is not shown). */
  error: string;
  parkedAt: string;
  /** Set while an operator's retry waits for the projector; null otherwise. */
  retryRequestedAt: string | null;
  attempts: number;
}

export interface FailedJob {
  id: string;
  /** The job's name (for example send-registration-message). */
  name: string;
  error: string;
  failedAt: string;
  attempts: number;
  retryRequestedAt: string | null;
}

export const PARKED_MESSAGES = {
  retryRequested: 'Retry requested.',
  notFound: 'Not found.',
} as const;
