import { describe, expect, it } from 'vitest';
import type { TrainingEvent, WatchedRange } from '@dealer/contracts';
import { given as givenEvents } from '../testing/given';
import { trainingDecider, type TrainingCommand } from './decide';

const given = (events: TrainingEvent[]) => givenEvents(trainingDecider, events);
const now = new Date('2026-11-27T18:00:00.000Z');
const at = now.toISOString();
const userId = 'u-1';
const report = (positionSeconds: number, watchedRanges: WatchedRange[], durationSeconds = 120): TrainingCommand => ({
  type: 'ReportTrainingProgress',
  data: { userId, videoId: 'coupons', durationSeconds, positionSeconds, watchedRanges },
  now,
});
const started: TrainingEvent = { type: 'TrainingVideoStarted', data: { userId, videoId: 'coupons', durationSeconds: 120, startedAt: at } };
const watched = (positionSeconds: number, watchedRanges: [number, number][]): TrainingEvent => ({
  type: 'TrainingVideoWatched',
  data: {
    userId, videoId: 'coupons', durationSeconds: 120, positionSeconds, watchedRanges,
    watchedSeconds: watchedRanges.reduce((s, [a, b]) => s + b - a, 0), furthestSeconds: watchedRanges.at(-1)?.[1] ?? 0, watchedAt: at,
  },
});

describe('the training progress decider', () => {
  it('should start the video on the first report and record what was watched', () => {
    expect(given([]).when(report(10, [[0, 10]]))()).toEqual([started, watched(10, [[0, 10]])]);
  });

  it('should merge the watched ranges with those watched before, and the furthest point is where watching reached', () => {
    const events = given([started, watched(10, [[0, 10]])]).when(report(40, [[9.8, 20], [30, 40]]))();
    expect(events).toEqual([watched(40, [[0, 20], [30, 40]])]);
  });

  it('should record nothing when a report repeats one already recorded (idempotent)', () => {
    expect(given([started, watched(10, [[0, 10]])]).when(report(10, [[0, 10]]))()).toEqual([]);
  });

  it('should remember where the employee stands when they go back, without losing what they watched', () => {
    expect(given([started, watched(60, [[0, 60]])]).when(report(5, [[0, 5]]))()).toEqual([watched(5, [[0, 60]])]);
  });

  it('should not complete a video skipped to its end', () => {
    const events = given([started, watched(10, [[0, 10]])]).when(report(120, [[0, 10], [118, 120]]))();
    expect(events.map((e) => e.type)).toEqual(['TrainingVideoWatched']);
    expect(events[0]!.data).toMatchObject({ furthestSeconds: 120, watchedSeconds: 12 });
  });

  it('should complete the video once, when the watched ranges cover all of it', () => {
    const events = given([started, watched(60, [[0, 60]])]).when(report(120, [[60, 119]]))();
    expect(events).toEqual([
      watched(120, [[0, 119]]),
      { type: 'TrainingVideoCompleted', data: { userId, videoId: 'coupons', durationSeconds: 120, watchedSeconds: 119, completedAt: at } },
    ]);
    const done = given([started, watched(120, [[0, 119]]), events[1]!]);
    expect(done.state.completed).toBe(true);
    expect(done.when(report(30, [[0, 30]]))()).toEqual([watched(30, [[0, 119]])]);
  });

  it('should count only what lies within the video', () => {
    const events = given([]).when(report(500, [[-5, 10], [100, 900]]))();
    expect(events[1]!.data).toMatchObject({ positionSeconds: 120, watchedRanges: [[0, 10], [100, 120]], watchedSeconds: 30 });
  });
});
