// The employee's own training: each video with its progress and a link to watch (or resume) it.
import { Link } from 'react-router-dom';
import type { TrainingProgressView } from '@dealer/contracts';
import { ProgressStatus } from './progress-status';

const action = (v: TrainingProgressView) => (v.completed ? 'Watch again' : v.started ? 'Resume' : 'Watch');

export function TrainingList({ videos }: { videos: readonly TrainingProgressView[] }) {
  return (
    <ul className="training-videos" aria-label="Training videos">
      {videos.map((v) => (
        <li key={v.videoId} className="panel training-video-card">
          <h2>{v.title}</h2>
          <p className="muted">{v.summary}</p>
          <progress className="training-progress-bar" max={100} value={v.percentWatched} aria-label={`${v.title}: ${v.percentWatched}% watched`} />
          <ProgressStatus progress={v} />
          <div>
            <Link to={v.page} className="btn btn-primary">
              {action(v)}
              <span className="visually-hidden">: {v.title}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
