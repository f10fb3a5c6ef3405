import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REBUILD_NODE_OPTIONS } from './rebuild';

describe('the Node options of a rebuild (ADR 0111)', () => {
  it('should be the ones `npm run rebuild` starts its process with', () => {
    const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const [node, ...args] = scripts.rebuild!.split(' ');
    expect(node).toBe('node');
    // The options come before the script (after it they would be the script's own arguments).
    const script = args.indexOf('launcher/src/cli/rebuild.ts');
    expect(script).toBeGreaterThan(0);
    for (const option of REBUILD_NODE_OPTIONS) expect(args.slice(0, script)).toContain(option);
    expect(REBUILD_NODE_OPTIONS.length).toBeGreaterThan(0);
  });
});
