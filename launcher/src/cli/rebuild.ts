/**
 * npm run rebuild -- [projection]: replays the event store into fresh read tables and swaps
 * them in, with a progress bar showing events/s. Without a name, rebuilds every projection, all
 * in one pass over the log (ADR 0074).
 */
import cliProgress from 'cli-progress';
import { PersonalDataVault, ProtectedEventStore, createEventStore, loadSettings } from '@dealer/platform';
import { projections, rebuildProjections } from '@dealer/projector';
import { prepareDatabase } from '../product';

const env = await loadSettings();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !projections.some((p) => p.name === w));
if (unknown.length > 0) {
  console.error(`Unknown projection: ${unknown.join(', ')}. Known: ${projections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length === 0 ? projections : projections.filter((p) => wanted.includes(p.name));

const sql = await prepareDatabase(env);
const store = new ProtectedEventStore(await createEventStore(env, sql), await PersonalDataVault.open(sql, env));
try {
  // One pass over the log for every projection chosen (one read, a writer per projection).
  const bar = new cliProgress.SingleBar(
    { format: `${(chosen.length === 1 ? chosen[0]!.name : `${chosen.length} projections`).padEnd(18)} [{bar}] {percentage}% | {value}/{total} | {rate} events/s`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { rate: 0 });
  const result = await rebuildProjections({ sql, store }, chosen, {
    onProgress: (p) => {
      bar.setTotal(Math.max(p.total, 1));
      bar.update(p.done, { rate: p.eventsPerSecond });
    },
  });
  bar.update(bar.getTotal(), { rate: Math.round(result.events / Math.max(result.seconds, 1e-6)) });
  bar.stop();
  console.log(`${chosen.map((p) => p.name).join(', ')}: ${result.events} events in ${result.seconds.toFixed(2)} s (${Math.round(result.events / Math.max(result.seconds, 1e-6))} events/s), swapped in`);
  for (const [name, parked] of Object.entries(result.parked)) if (parked > 0) console.log(`${name}: ${parked} event(s) parked`);
} finally {
  await store.close();
  await sql.end({ timeout: 5 });
}
