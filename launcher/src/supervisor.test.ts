import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { supervise, type Supervised } from './supervisor';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testing/supervised-fixture.ts');

const until = async (check: () => boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the supervisor of npm start\'s child processes', () => {
  const started: Supervised<{ pid: number }>[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop();
  });

  it('should start its child, restart it with back-off when it dies, and stop it gracefully', async () => {
    const stoppedFile = path.join(mkdtempSync(path.join(tmpdir(), 'supervisor-')), 'stopped');
    const child = supervise<{ pid: number }>({ name: 'fixture', entry: fixture, env: { FIXTURE_STOPPED_FILE: stoppedFile }, initialBackoffMs: 100 });
    started.push(child);
    child.start();
    await until(() => child.status().report !== null);
    const first = child.status();
    expect(first.state).toBe('running');
    expect(first.report!.pid).toBe(first.pid);

    // Killed without a chance to stop: restarted after the back-off, a new process.
    process.kill(first.pid!, 'SIGKILL');
    await until(() => child.status().state === 'restarting');
    expect(child.status().report).toBeNull();
    await until(() => child.status().report !== null && child.status().report!.pid !== first.pid);
    const second = child.status();
    expect(second.restarts).toBe(1);
    expect(second.lastExit).toBe('signal SIGKILL');
    expect(alive(first.pid!)).toBe(false);

    // Dies again: restarted again (the back-off has doubled).
    process.kill(second.pid!, 'SIGKILL');
    await until(() => child.status().report !== null && child.status().pid !== second.pid);
    expect(child.status().restarts).toBe(2);

    // Stopped with the parent: SIGTERM, its own graceful stop runs, and it is not restarted.
    const third = child.status().pid!;
    await child.stop();
    expect(child.status().state).toBe('stopped');
    expect(alive(third)).toBe(false);
    expect(existsSync(stoppedFile)).toBe(true);
    expect(readFileSync(stoppedFile, 'utf8')).toBe(`stopped ${third}\n`);
    await new Promise((r) => setTimeout(r, 300));
    expect(child.status().pid).toBeNull();
  }, 60_000);
});
