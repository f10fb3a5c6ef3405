/** The auditor's customer history (GET /api/customers/{id}/history), shared by the query API and the web client. */

/** One field an event changed (before and after; withheld personal values arrive replaced). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One recorded event in the auditor's timeline. */
export interface TimelineEntry {
  eventId: string;
  streamId: string;
  revision: number;
  globalPosition: string;
  type: string;
  summary: string;
  time: string;
  actor: string;
  /** The staff member's name for a `user:<id>` actor (directory data, not personal data of the customer). */
  actorName: string | null;
  correlationId: string;
  causationId: string | null;
  changes: FieldChange[];
  personalDataErased: boolean;
}

export interface CustomerHistory {
  customerId: string;
  asOf: string | null;
  /** False for controllers: personal values arrive replaced by the server. */
  personalDataShown: boolean;
  state: Record<string, unknown>;
  /** Oldest first, as recorded. */
  entries: TimelineEntry[];
}
