/**
 * Where a projection rebuild's time goes: replays a bulk-loaded customer fixture (see
 * fixture.ts) the way rebuildProjection does — readAll, ProtectedEventStore.open (key loading
 * and decryption), applyBatch in a transaction — timing each phase per event, for every
 * customer projection, into scratch schemas, then the rebuild's finish (tables logged, indexes).
 *
 *   node --import tsx bench/diagnose-rebuild.ts [events=200000] [batchSize=5000] [maxCachedKeys=vault default]
 */
import { PersonalDataVault, PostgresEventStore, ProtectedEventStore, type Sql } from '@dealer/platform';
import { setTablesLogged } from '@dealer/projector/rebuild';
import { withFixtureDatabase } from './fixture';
import { customerProjections } from './rebuild';
import { loadSettings } from './lib/settings';

const settings = loadSettings();
const [eventsArg, batchArg, cacheArg] = process.argv.slice(2);
const events = Number(eventsArg ?? 200_000);
const batchSize = Number(batchArg ?? 5000);
const vaultOptions = cacheArg ? { maxCachedKeys: Number(cacheArg) } : {};

await withFixtureDatabase(settings.server, 'diagnose_rebuild', events, async ({ sql, masterKey }) => {
  console.log(`${events} events, batches of ${batchSize}, vault ${cacheArg ? `maxCachedKeys ${cacheArg}` : 'default cache'}; µs per event:`);
  for (const projection of customerProjections()) {
    const inner = new PostgresEventStore(sql);
    const store = new ProtectedEventStore(inner, new PersonalDataVault(sql, masterKey, vaultOptions));
    const schema = `${projection.schema}__diagnose`;
    await sql.unsafe(`drop schema if exists "${schema}" cascade; create schema "${schema}"`);
    await projection.createTables(sql, schema);
    await setTablesLogged(sql, schema, false);
    const spent = { read: 0, open: 0, apply: 0 };
    let position = 0;
    let done = 0;
    const started = performance.now();
    for (;;) {
      let t = performance.now();
      const raw = await inner.readAll({ after: position, maxCount: batchSize });
      spent.read += performance.now() - t;
      if (raw.length === 0) break;
      t = performance.now();
      const opened = await store.open(raw);
      spent.open += performance.now() - t;
      t = performance.now();
      await sql.begin(async (tx) => {
        await tx`set local synchronous_commit = off`;
        await projection.applyBatch(tx as unknown as Sql, schema, opened.filter((e) => projection.handles.has(e.type)));
      });
      spent.apply += performance.now() - t;
      position = raw[raw.length - 1]!.globalPosition;
      done += raw.length;
      if (raw.length < batchSize) break;
    }
    const finishing = performance.now();
    await setTablesLogged(sql, schema, true);
    await projection.createIndexes?.(sql, schema);
    const finish = performance.now() - finishing;
    const seconds = (performance.now() - started) / 1000;
    const us = (ms: number) => ((ms * 1000) / done).toFixed(1).padStart(6);
    console.log(
      `  ${projection.name.padEnd(18)} ${Math.round(done / seconds).toLocaleString('en-US').padStart(7)} events/s | readAll ${us(spent.read)} | open (keys + decrypt) ${us(spent.open)} | applyBatch ${us(spent.apply)} | logged + indexes ${us(finish)}`,
    );
    await sql.unsafe(`drop schema if exists "${schema}" cascade`);
  }
});
