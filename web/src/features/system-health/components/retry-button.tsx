// Retry for one stuck item: disabled while its request runs, or while an earlier retry still waits to be picked up.
import { Spinner } from '../../../components/ui/spinner/spinner';

interface RetryButtonProps {
  /** Names the row for assistive tech ("Retry CustomerEdited at 1234"). */
  label: string;
  running: boolean;
  waiting: boolean;
  onRetry: () => void;
}

export function RetryButton({ label, running, waiting, onRetry }: RetryButtonProps) {
  return (
    <button type="button" className="btn btn-sm" aria-label={label} disabled={running || waiting} onClick={onRetry}>
      {running && <Spinner size="sm" label="Retrying..." />}
      {waiting ? 'Retry requested' : 'Retry'}
    </button>
  );
}
