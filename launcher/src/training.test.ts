/**
 * Training progress (issue 23) through HTTP against real PostgreSQL: an employee's reports become
 * started, watched and completed events and the training read model; skipping to the end is not
 * completing; a repeated report records nothing; input is typed; the completion table shows a
 * manager the employees of the locations they manage and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_MESSAGES, trainingStreamId, type TrainingCompletionRow, type TrainingProgressView } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { startTestServer, waitForProjections, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';
import { employeeWithRoles, type RooftopStaff } from './testing/rooftops';

let server: TestServer;
let employee: { headers: Record<string, string>; userId: string };
let manager: Record<string, string>;
let admin: Record<string, string>;
let elsewhere: RooftopStaff;
let managerAt2: RooftopStaff;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  const e = await loginAs(server, 'employee');
  employee = { headers: e.headers, userId: deterministicUuid('demo-employee-employee') };
  manager = (await loginAs(server, 'manager')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  elsewhere = await employeeWithRoles(server, 'training-advisor-2', [{ role: 'employee', locationId: 2 }]);
  managerAt2 = await employeeWithRoles(server, 'training-manager-2', [{ role: 'manager', locationId: 2 }]);
});
afterAll(async () => {
  await server?.stop();
});

const report = (headers: Record<string, string>, videoId: string, body: unknown) =>
  server.product.app.inject({ method: 'POST', url: `/api/training/${videoId}/progress`, headers, payload: body as Record<string, unknown> });
const get = async <T>(headers: Record<string, string>, url: string) => {
  await waitForProjections(server.product);
  return server.product.app.inject({ method: 'GET', url, headers }).then((r) => ({ status: r.statusCode, body: r.json() as { dataSet: T; metaData?: { locationIds: number[] } } }));
};
const types = async (userId: string, videoId: 'coupons' | 'paper') => (await server.product.store.readStream(trainingStreamId(userId, videoId))).map((e) => e.type);

describe('training progress', () => {
  it('should list both videos, not started, before anything is watched', async () => {
    const { status, body } = await get<TrainingProgressView[]>(employee.headers, '/api/training');
    expect(status).toBe(200);
    expect(body.dataSet.map((v) => [v.videoId, v.page, v.started, v.completed])).toEqual([['coupons', '/training/coupons', false, false], ['paper', '/training/paper', false, false]]);
  });

  it('should record where the employee is and what they watched, and not complete a video skipped to its end', async () => {
    expect((await report(employee.headers, 'coupons', { durationSeconds: 100, positionSeconds: 20, watchedRanges: [[0, 20]] })).statusCode).toBe(200);
    const skipped = await report(employee.headers, 'coupons', { durationSeconds: 100, positionSeconds: 100, watchedRanges: [[0, 20], [98, 100]] });
    expect(skipped.json().dataSet).toMatchObject({ completed: false, positionSeconds: 100, furthestSeconds: 100, watchedSeconds: 22 });
    const mine = (await get<TrainingProgressView[]>(employee.headers, '/api/training')).body.dataSet[0]!;
    expect(mine).toMatchObject({ videoId: 'coupons', started: true, completed: false, positionSeconds: 100, furthestSeconds: 100, watchedSeconds: 22, durationSeconds: 100, percentWatched: 22 });
    expect(mine.lastWatchedAt).not.toBeNull();
    expect(await types(employee.userId, 'coupons')).toEqual(['TrainingVideoStarted', 'TrainingVideoWatched', 'TrainingVideoWatched']);
  });

  it('should record nothing for a repeated report', async () => {
    const again = await report(employee.headers, 'coupons', { durationSeconds: 100, positionSeconds: 100, watchedRanges: [[0, 20], [98, 100]] });
    expect(again.statusCode).toBe(200);
    expect(again.json().metaData).toEqual({});
    expect(await types(employee.userId, 'coupons')).toHaveLength(3);
  });

  it('should complete the video once the watched ranges cover it', async () => {
    const done = await report(employee.headers, 'coupons', { durationSeconds: 100, positionSeconds: 99, watchedRanges: [[20, 99]] });
    expect(done.json().dataSet).toMatchObject({ completed: true });
    const mine = (await get<TrainingProgressView[]>(employee.headers, '/api/training')).body.dataSet[0]!;
    expect(mine).toMatchObject({ completed: true, percentWatched: 100 });
    expect(mine.completedAt).not.toBeNull();
    expect((await types(employee.userId, 'coupons')).filter((t) => t === 'TrainingVideoCompleted')).toHaveLength(1);
  });

  it('should refuse malformed input with a 400 naming the field, and an unknown video with a 404', async () => {
    const cases: [unknown, string][] = [
      [{ durationSeconds: 'long', positionSeconds: 0, watchedRanges: [] }, 'durationSeconds'],
      [{ durationSeconds: 100, positionSeconds: -1, watchedRanges: [] }, 'positionSeconds'],
      [{ durationSeconds: 100, positionSeconds: 0, watchedRanges: [[5, 1]] }, 'watchedRanges'],
      [{ durationSeconds: 100, positionSeconds: 0, watchedRanges: [[0, 1e9]] }, 'watchedRanges'],
      [{ durationSeconds: 100, positionSeconds: 0, watchedRanges: Array.from({ length: 201 }, () => [0, 1]) }, 'watchedRanges'],
      [{ durationSeconds: 100, positionSeconds: 500, watchedRanges: [] }, 'positionSeconds'],
    ];
    for (const [body, field] of cases) {
      const res = await report(employee.headers, 'paper', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).join() || res.body, JSON.stringify(body).slice(0, 60)).toContain(field);
    }
    const unknown = await report(employee.headers, 'no-such-video', { durationSeconds: 100, positionSeconds: 0, watchedRanges: [] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([TRAINING_MESSAGES.videoUnknown]);
    expect(await types(employee.userId, 'paper')).toEqual([]);
  });

  it("should show a manager completion by employee at the locations they manage, and nobody else's", async () => {
    await report(elsewhere.headers, 'paper', { durationSeconds: 50, positionSeconds: 10, watchedRanges: [[0, 10]] });
    const atOne = await get<TrainingCompletionRow[]>(manager, '/api/training/completion');
    expect(atOne.status).toBe(200);
    expect(atOne.body.metaData).toEqual({ locationIds: [1] });
    expect(atOne.body.dataSet.every((r) => r.locationId === 1)).toBe(true);
    const row = atOne.body.dataSet.find((r) => r.userId === employee.userId)!;
    expect(row.videos.map((v) => [v.videoId, v.started, v.completed])).toEqual([['coupons', true, true], ['paper', false, false]]);
    expect(atOne.body.dataSet.some((r) => r.userId === elsewhere.userId)).toBe(false);
    expect((await get(manager, '/api/training/completion?locationId=2')).status).toBe(403);

    const atTwo = await get<TrainingCompletionRow[]>(managerAt2.headers, '/api/training/completion');
    expect(atTwo.body.metaData).toEqual({ locationIds: [2] });
    expect(atTwo.body.dataSet.find((r) => r.userId === elsewhere.userId)!.videos[1]).toMatchObject({ videoId: 'paper', started: true, completed: false, percentWatched: 20 });
    expect(atTwo.body.dataSet.some((r) => r.userId === employee.userId)).toBe(false);

    const all = await get<TrainingCompletionRow[]>(admin, '/api/training/completion');
    expect(all.body.dataSet.some((r) => r.userId === elsewhere.userId && r.locationId === 2)).toBe(true);
    expect(all.body.dataSet.some((r) => r.userId === employee.userId && r.locationId === 1)).toBe(true);

    expect((await get(employee.headers, '/api/training/completion')).status).toBe(403);
  });
});
