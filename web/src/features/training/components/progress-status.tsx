// One video's progress for its viewer: Completed / In progress / Not started, percent watched, last watched.
import type { TrainingProgressView } from '@dealer/contracts';
import { TimeAgo } from './time-ago';

export function ProgressBadge({ started, completed }: { started: boolean; completed: boolean }) {
  if (completed) return <span className="tone-badge tone-success">Completed</span>;
  if (started) return <span className="tone-badge tone-info">In progress</span>;
  return <span className="tone-badge tone-muted">Not started</span>;
}

export function ProgressStatus({ progress }: { progress: Pick<TrainingProgressView, 'started' | 'completed' | 'percentWatched' | 'lastWatchedAt'> }) {
  return (
    <p className="training-status" data-testid="training-status">
      <ProgressBadge started={progress.started} completed={progress.completed} />
      <span>{progress.percentWatched}% watched</span>
      {progress.lastWatchedAt && (
        <span>
          Last watched <TimeAgo value={progress.lastWatchedAt} />
        </span>
      )}
    </p>
  );
}
