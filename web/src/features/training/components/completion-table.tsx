// Managers and admins: completion of the training videos by employee, one table per location they manage.
import { Fragment } from 'react';
import { TRAINING_VIDEOS, type TrainingCompletionRow } from '@dealer/contracts';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { ProgressBadge } from './progress-status';
import { TimeAgo } from './time-ago';

type Video = TrainingCompletionRow['videos'][number];

function VideoCell({ v }: { v: Video }) {
  return (
    <>
      <ProgressBadge started={v.started} completed={v.completed} /> {v.started && !v.completed && <span>{v.percentWatched}%</span>}
      {v.lastWatchedAt && (
        <div className="muted">
          <TimeAgo value={v.lastWatchedAt} />
        </div>
      )}
    </>
  );
}

function byLocation(rows: readonly TrainingCompletionRow[]) {
  const groups = new Map<number, { name: string; rows: TrainingCompletionRow[] }>();
  for (const r of rows) {
    const g = groups.get(r.locationId) ?? { name: r.locationName ?? `Location ${r.locationId}`, rows: [] };
    g.rows.push(r);
    groups.set(r.locationId, g);
  }
  return [...groups.entries()];
}

export function CompletionTable({ rows }: { rows: readonly TrainingCompletionRow[] }) {
  const isMobile = useIsMobile();
  const videos = rows[0]?.videos.map((v) => v.videoId) ?? [];
  if (rows.length === 0) return <p className="muted">No employees hold a role at the locations you manage.</p>;
  return (
    <>
      {byLocation(rows).map(([locationId, group]) => {
        const done = group.rows.filter((r) => r.videos.every((v) => v.completed)).length;
        return (
          <section key={locationId} className="training-completion" aria-label={`Training at ${group.name}`}>
            <h3>
              {group.name} <span className="muted">({done} of {group.rows.length} completed all videos)</span>
            </h3>
            {isMobile ? (
              <ul className="card-list">
                {group.rows.map((r) => (
                  <li key={r.userId} className="card">
                    <strong>{r.name}</strong>
                    <dl className="card-fields">
                      {r.videos.map((v) => (
                        <Fragment key={v.videoId}>
                          <dt>{TRAINING_VIDEOS[v.videoId].title}</dt>
                          <dd>
                            <VideoCell v={v} />
                          </dd>
                        </Fragment>
                      ))}
                    </dl>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <caption className="visually-hidden">Training completion by employee at {group.name}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Employee</th>
                      {videos.map((id) => (
                        <th key={id} scope="col">
                          {TRAINING_VIDEOS[id].title}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {group.rows.map((r) => (
                      <tr key={r.userId}>
                        <th scope="row">{r.name}</th>
                        {r.videos.map((v) => (
                          <td key={v.videoId}>
                            <VideoCell v={v} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
