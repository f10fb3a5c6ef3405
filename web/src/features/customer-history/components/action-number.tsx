// Which changes one action made: the entries a request recorded share a number (oldest action 1),
// so an auditor sees what belongs together without the request's internal id.
import type { HistoryEntry } from '../api/get-customer-history';

/** The number of each entry's action, counted from the oldest; entries of one request share it. */
export function actionNumbers(entries: readonly Pick<HistoryEntry, 'eventId' | 'correlationId'>[]): Map<string, number> {
  const byCorrelation = new Map<string, number>();
  const numbers = new Map<string, number>();
  for (const e of entries) {
    let n = byCorrelation.get(e.correlationId);
    if (n === undefined) {
      n = byCorrelation.size + 1;
      byCorrelation.set(e.correlationId, n);
    }
    numbers.set(e.eventId, n);
  }
  return numbers;
}

export function ActionNumber({ n }: { n: number | undefined }) {
  return (
    <span className="history-action" title="Entries with the same action number were recorded by one action">
      Action {n ?? '?'}
    </span>
  );
}
