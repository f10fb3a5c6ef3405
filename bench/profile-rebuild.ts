/**
 * The one-pass rebuild's cost per event (issue 22 item 4): builds the customer fixture, then
 * rebuilds every projection in one pass, and prints events/s with the CPU per event of the
 * client (this process) and of PostgreSQL's backends, which other load on the host moves less
 * than the rate. Under --cpu-prof it shows where the client's time goes:
 *
 *   node [--cpu-prof --cpu-prof-dir=/tmp/prof] --import tsx bench/profile-rebuild.ts [events=200000]
 */
import { randomBytes } from 'node:crypto';
import { ALL_PLATFORM_MIGRATIONS, createPool, migrate, PersonalDataVault, PostgresEventStore, ProtectedEventStore } from '@dealer/platform';
import { projections, rebuildProjections } from '@dealer/projector';
import { buildCustomerFixture } from './fixture';
import { createBenchDatabase, dropAllBenchDatabases } from './lib/databases';
import { startProbe } from './lib/host';
import { loadSettings } from './lib/settings';

const settings = loadSettings();
const events = Number(process.argv[2] ?? 200_000);
try {
  const url = await createBenchDatabase(settings.server, 'profile_rebuild');
  const sql = createPool(url, { max: 4 });
  try {
    await migrate(sql, ALL_PLATFORM_MIGRATIONS);
    const masterKey = randomBytes(32);
    const fixture = await buildCustomerFixture(sql, masterKey, events);
    process.stderr.write(`fixture: ${events} events in ${fixture.seconds.toFixed(1)} s\n`);
    await sql`checkpoint`;
    const store = new ProtectedEventStore(new PostgresEventStore(sql), new PersonalDataVault(sql, masterKey));
    const admin = createPool(new URL('/postgres', url).toString(), { max: 1 });
    const probe = await startProbe(admin, new URL(url).pathname.slice(1));
    const result = await rebuildProjections({ sql, store }, projections);
    const cpu = await probe.stop();
    await admin.end({ timeout: 5 });
    const us = (cores: number) => ((cores * result.seconds * 1e6) / result.events).toFixed(1);
    console.log(
      `all ${projections.length} in one pass: ${Math.round(result.events / result.seconds)} events/s (${result.seconds.toFixed(1)} s); ` +
        `CPU per event: client ${us(cpu.client)} µs, server ${us(cpu.server)} µs (cores: client ${cpu.client.toFixed(2)}, server ${cpu.server.toFixed(2)}, other ${cpu.other.toFixed(2)})`,
    );
    await store.close();
  } finally {
    await sql.end({ timeout: 5 });
  }
} finally {
  await dropAllBenchDatabases();
}
