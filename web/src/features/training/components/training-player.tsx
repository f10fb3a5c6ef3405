// A training video with captions: resumes where the employee left off and reports what was really
// played (the element's `played` ranges) every 10 seconds of playing, on pause and at the end.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TRAINING_MAX_RANGES, TRAINING_MEDIA_VERSIONS, TRAINING_VIDEOS, percentWatched, type TrainingProgressView, type TrainingVideoId, type WatchedRange } from '@dealer/contracts';
import { reportProgress } from '../api/report-progress';
import { trainingKeys } from '../api/training-keys';
import { ProgressStatus } from './progress-status';

/** Seconds of playing between two reports. */
const REPORT_EVERY_MS = 10_000;
/** A position this close to the end starts the video over instead of resuming. */
const RESUME_END_MARGIN = 3;

function playedRanges(video: HTMLVideoElement): WatchedRange[] {
  const out: WatchedRange[] = [];
  for (let i = 0; i < video.played.length; i++) out.push([video.played.start(i), video.played.end(i)]);
  return out.slice(-TRAINING_MAX_RANGES);
}

export function TrainingPlayer({ videoId, progress }: { videoId: TrainingVideoId; progress: TrainingProgressView | undefined }) {
  const video = TRAINING_VIDEOS[videoId];
  const version = TRAINING_MEDIA_VERSIONS[videoId];
  const ref = useRef<HTMLVideoElement>(null);
  const lastReport = useRef(0);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(progress);
  const [reportFailed, setReportFailed] = useState(false);

  useEffect(() => setStatus(progress), [progress]);

  const send = (force: boolean, element: HTMLVideoElement | null = ref.current) => {
    if (!element || !Number.isFinite(element.duration) || element.duration <= 0) return;
    const now = Date.now();
    if (!force && now - lastReport.current < REPORT_EVERY_MS) return;
    lastReport.current = now;
    const duration = element.duration;
    reportProgress(videoId, { durationSeconds: duration, positionSeconds: Math.min(element.currentTime, duration), watchedRanges: playedRanges(element) })
      .then((r) => {
        setReportFailed(false);
        setStatus((s) => ({
          ...(s ?? progress!),
          started: r.started,
          completed: r.completed,
          percentWatched: percentWatched(r.watchedSeconds, r.durationSeconds),
          lastWatchedAt: new Date().toISOString(),
        }));
        void queryClient.invalidateQueries({ queryKey: trainingKeys.all });
      })
      .catch(() => setReportFailed(true));
  };

  const resume = () => {
    const element = ref.current;
    const at = progress?.positionSeconds ?? 0;
    if (element && at > 0 && at < element.duration - RESUME_END_MARGIN) element.currentTime = at;
  };

  // Leaving the page mid-video: one last report.
  useEffect(() => {
    const element = ref.current;
    return () => {
      if (element && !element.paused) send(true, element);
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const src = (path: string) => `${path}?v=${version}`;
  return (
    <section className="panel training-player" aria-label={video.title}>
      <video
        ref={ref}
        controls
        preload="metadata"
        playsInline
        data-testid="training-video"
        onLoadedMetadata={resume}
        onTimeUpdate={() => send(false)}
        onPause={() => send(true)}
        onEnded={() => send(true)}
      >
        <source src={src(video.mp4)} type='video/mp4; codecs="avc1.4D401F, mp4a.40.2"' />
        <source src={src(video.webm)} type='video/webm; codecs="vp9, opus"' />
        <track kind="captions" src={src(video.captions)} srcLang="en" label="English" default />
        Your browser cannot play this video. <a href={video.mp4}>Download it</a>.
      </video>
      {status && <ProgressStatus progress={status} />}
      {progress && progress.positionSeconds > 0 && !progress.completed && <p className="muted">The video starts where you left off.</p>}
      {reportFailed && (
        <p role="status" className="muted">
          Your progress could not be saved just now; it is saved again as you watch.
        </p>
      )}
    </section>
  );
}
