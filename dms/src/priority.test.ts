import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// In a process of its own: a test process whose priority was lowered could not raise it again.
// It reports the nice value each call answers, and every thread's after each call (Linux).
const script = `
import { readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { lowerImportPriority } from ${JSON.stringify(fileURLToPath(new URL('./priority.ts', import.meta.url)))};
const threads = () => {
  try { return [...new Set(readdirSync('/proc/self/task').map((t) => getPriority(Number(t))))]; } catch { return [getPriority()]; }
};
const seen = [];
for (const nice of [7, 3, 0, 9]) seen.push([lowerImportPriority(nice), threads()]);
process.stdout.write(JSON.stringify(seen));
`;

describe('lowerImportPriority', () => {
  it('lowers every thread of the process to the nice value and never raises it again', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([
      [7, [7]],
      [7, [7]],
      [7, [7]],
      [9, [9]],
    ]);
  });
});
