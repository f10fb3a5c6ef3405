/**
 * Training progress (SPEC 1, 2.2; decision 0076):
 * - GET /api/training (all staff): every training video with the caller's own progress.
 * - GET /api/training/completion?locationId= (managers and admins): completion by employee and
 *   location, for the locations where the caller holds the manager role (admins: every location);
 *   a location asked outside those is 403.
 */
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@dealer/contracts';
import { DomainError, INPUT_SCHEMAS, type Sql, apiDoc } from '@dealer/platform';
import { TRAINING, ownTrainingProgress, trainingCompletion } from '@dealer/read-models/training/queries';
import { locationIdsWithRole } from './role-locations';

const minPosition = { type: 'string', maxLength: 40 } as const;
const nullableString = { type: ['string', 'null'] } as const;
const progressItem = {
  type: 'object',
  properties: {
    videoId: { type: 'string' }, title: { type: 'string' }, summary: { type: 'string' }, page: { type: 'string' },
    started: { type: 'boolean' }, completed: { type: 'boolean' }, positionSeconds: { type: 'number' }, furthestSeconds: { type: 'number' },
    watchedSeconds: { type: 'number' }, durationSeconds: { type: ['number', 'null'] }, percentWatched: { type: 'integer' },
    startedAt: nullableString, lastWatchedAt: nullableString, completedAt: nullableString,
  },
} as const;
const completionItem = {
  type: 'object',
  properties: {
    locationId: { type: 'integer' }, locationName: nullableString, userId: { type: 'string' }, name: { type: 'string' },
    videos: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          videoId: { type: 'string' }, started: { type: 'boolean' }, completed: { type: 'boolean' }, percentWatched: { type: 'integer' },
          lastWatchedAt: nullableString, completedAt: nullableString,
        },
      },
    },
  },
} as const;

export function trainingQueryRoutes(sql: Sql) {
  return async function routes(app: FastifyInstance) {
    app.get(
      '/api/training',
      {
        config: { access: 'training', readModels: [TRAINING] },
        schema: { ...apiDoc('Training', 'My training progress', 'Every training video with the caller\'s own progress (percent watched, started, last watched, completed).'),
          querystring: { type: 'object', properties: { minPosition } },
          response: { 200: { type: 'object', properties: { dataSet: { type: 'array', items: progressItem } } } },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { dataSet: await ownTrainingProgress(sql, request.auth!.userId) };
      },
    );

    app.get<{ Querystring: { locationId?: number } }>(
      '/api/training/completion',
      {
        config: { access: 'training-completion', readModels: [TRAINING] },
        schema: { ...apiDoc('Training', 'Training completion', 'One row per employee and location with each video\'s started, completed and percent watched, at the locations where the caller is a manager (admins: every location).'),
          querystring: { type: 'object', properties: { locationId: INPUT_SCHEMAS.positiveInt32, minPosition } },
          response: {
            200: {
              type: 'object',
              properties: {
                dataSet: { type: 'array', items: completionItem },
                metaData: { type: 'object', properties: { locationIds: { type: 'array', items: { type: 'integer' } } } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const held = await locationIdsWithRole(sql, request, ['manager']);
        const asked = request.query.locationId;
        if (asked !== undefined && !held.includes(asked)) throw new DomainError('forbidden', [AUTH_MESSAGES.notPermitted]);
        const locationIds = asked === undefined ? held : [asked];
        return { dataSet: await trainingCompletion(sql, locationIds), metaData: { locationIds } };
      },
    );
  };
}
