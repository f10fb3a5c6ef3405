import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// In a process of its own: a test process whose priority was lowered could not raise it again.
const script = `
import { lowerImportPriority } from ${JSON.stringify(fileURLToPath(new URL('./priority.ts', import.meta.url)))};
const seen = [lowerImportPriority(7), lowerImportPriority(3), lowerImportPriority(0), lowerImportPriority(9)];
process.stdout.write(JSON.stringify(seen));
`;

describe('lowerImportPriority', () => {
  it('lowers the process to the nice value and never raises it again', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([7, 7, 7, 9]);
  });
});
