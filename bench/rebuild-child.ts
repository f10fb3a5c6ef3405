/**
 * Section (c), the rebuild rate, in a process of its own started with the rebuild's Node options
 * (REBUILD_NODE_OPTIONS, as `npm run rebuild` runs; ADR 0111): bench/run.ts forks it and takes its
 * figures over IPC. Its CPU probe counts this process as the client.
 */
import { startProbe } from './lib/host';
import { adminPool } from './lib/databases';
import { runRebuildSection } from './rebuild';

export interface RebuildChildArgs {
  server: string;
  url: string;
  events: number;
  batchSize: number | undefined;
  maxSeconds: number;
}

const args = JSON.parse(process.argv[2]!) as RebuildChildArgs;
const admin = adminPool(args.server);
const database = decodeURIComponent(new URL(args.url).pathname.slice(1));
try {
  const section = await runRebuildSection(args.url, args.events, args.batchSize, args.maxSeconds, (line) => process.send!({ log: line }), () => startProbe(admin, database));
  process.send!({ section });
} catch (error) {
  process.send!({ error: error instanceof Error ? error.message : String(error) });
} finally {
  await admin.end({ timeout: 5 });
  process.disconnect?.();
}
