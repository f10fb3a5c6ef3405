/**
 * Training progress (SPEC 1, 2.2; decision 0076): POST /api/training/{videoId}/progress
 * {durationSeconds, positionSeconds, watchedRanges: [[start, end], ...]} from the player, every few
 * seconds and on pause and end. The signed-in employee's own progress only; the decider merges
 * the ranges and records started, watched and completed. A repeated report records nothing
 * (and an Idempotency-Key answers the first result again). The lists are on the query side.
 */
import type { FastifyInstance } from 'fastify';
import { TRAINING_MAX_RANGES, TRAINING_MAX_SECONDS, TRAINING_MESSAGES, isTrainingVideoId, positionMetaDataSchema, trainingStreamId, type WatchedRange } from '@dealer/contracts';
import { trainingDecider } from '@dealer/domain/training/decide';
import { DomainError, handle, type EventStore, apiDoc } from '@dealer/platform';
import { commandContext } from '../plugins/request-context';
import { problemResponse } from './schemas';

const seconds = { type: 'number', minimum: 0, maximum: TRAINING_MAX_SECONDS } as const;
const progressBody = {
  type: 'object',
  required: ['durationSeconds', 'positionSeconds', 'watchedRanges'],
  properties: {
    durationSeconds: { ...seconds, exclusiveMinimum: 0 },
    positionSeconds: seconds,
    watchedRanges: { type: 'array', maxItems: TRAINING_MAX_RANGES, items: { type: 'array', minItems: 2, maxItems: 2, items: seconds } },
  },
} as const;
const progressAnswer = {
  type: 'object',
  properties: {
    dataSet: {
      type: 'object',
      properties: {
        videoId: { type: 'string' }, started: { type: 'boolean' }, completed: { type: 'boolean' }, positionSeconds: { type: 'number' },
        furthestSeconds: { type: 'number' }, watchedSeconds: { type: 'number' }, durationSeconds: { type: 'number' },
      },
    },
    metaData: positionMetaDataSchema,
  },
} as const;

interface ProgressBody {
  durationSeconds: number;
  positionSeconds: number;
  watchedRanges: [number, number][];
}

export function trainingRoutes(deps: { store: EventStore }) {
  return async function routes(app: FastifyInstance) {
    app.post<{ Params: { videoId: string }; Body: ProgressBody }>(
      '/api/training/:videoId/progress',
      {
        config: { access: 'training' },
        schema: { ...apiDoc('Training', 'Report training progress', 'The caller\'s progress on a video (`durationSeconds`, `positionSeconds`, `watchedRanges`); complete when the played ranges cover all but 2 s.'),
          params: { type: 'object', required: ['videoId'], properties: { videoId: { type: 'string', maxLength: 40 } } },
          body: progressBody,
          response: { 200: progressAnswer, '4xx': problemResponse },
        },
      },
      async (request) => {
        const { videoId } = request.params;
        if (!isTrainingVideoId(videoId)) throw new DomainError('not_found', [TRAINING_MESSAGES.videoUnknown]);
        const { durationSeconds, positionSeconds, watchedRanges } = request.body;
        if (watchedRanges.some(([start, end]) => start > end || end > durationSeconds + 1)) {
          throw new DomainError('validation', [TRAINING_MESSAGES.rangeInvalid], { watchedRanges: TRAINING_MESSAGES.rangeInvalid });
        }
        if (positionSeconds > durationSeconds + 1) throw new DomainError('validation', [TRAINING_MESSAGES.positionInvalid], { positionSeconds: TRAINING_MESSAGES.positionInvalid });
        const userId = request.auth!.userId;
        const result = await handle(
          deps.store,
          trainingStreamId(userId, videoId),
          trainingDecider,
          { type: 'ReportTrainingProgress', data: { userId, videoId, durationSeconds, positionSeconds, watchedRanges: watchedRanges as WatchedRange[] }, now: new Date() },
          commandContext(request),
        );
        const s = result.state;
        const watched = s.watchedRanges.reduce((sum, [a, b]) => sum + (b - a), 0);
        return {
          dataSet: {
            videoId, started: s.started, completed: s.completed, positionSeconds: s.positionSeconds,
            furthestSeconds: s.watchedRanges.at(-1)?.[1] ?? 0, watchedSeconds: Math.round(watched * 10) / 10, durationSeconds: s.durationSeconds,
          },
          metaData: result.position === null ? {} : { position: String(result.position) },
        };
      },
    );
  };
}
