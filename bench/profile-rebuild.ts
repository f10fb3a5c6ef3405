/**
 * The one-pass rebuild's cost per event (issue 22 item 4): builds the customer fixture, then
 * rebuilds every projection in one pass, and prints events/s with the CPU per event of the
 * client (this process) and of PostgreSQL's backends, which other load on the host moves less
 * than the rate. With a profile file it records the client's CPU profile of the rebuild alone
 * (not of the fixture's set-up), to open in Chrome's DevTools:
 *
 *   node --import tsx bench/profile-rebuild.ts [events=200000] [profile.cpuprofile]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PersonalDataVault, PostgresEventStore, ProtectedEventStore } from '@dealer/platform';
import { projections, rebuildProjections } from '@dealer/projector';
import { withFixtureDatabase } from './fixture';
import { adminPool } from './lib/databases';
import { startProbe } from './lib/host';
import { loadSettings } from './lib/settings';

const settings = loadSettings();
const events = Number(process.argv[2] ?? 200_000);
const profileFile = process.argv[3];
await withFixtureDatabase(settings.server, 'profile_rebuild', events, async ({ sql, url, masterKey }) => {
  const store = new ProtectedEventStore(new PostgresEventStore(sql), new PersonalDataVault(sql, masterKey));
  const admin = adminPool(settings.server);
  const probe = await startProbe(admin, new URL(url).pathname.slice(1));
  const session = profileFile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const result = await rebuildProjections({ sql, store }, projections);
  const cpu = await probe.stop();
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(profileFile!, JSON.stringify(profile));
    session.disconnect();
  }
  await admin.end({ timeout: 5 });
  const us = (cores: number) => ((cores * result.seconds * 1e6) / result.events).toFixed(1);
  console.log(
    `all ${projections.length} in one pass: ${Math.round(result.events / result.seconds)} events/s (${result.seconds.toFixed(1)} s); ` +
      `CPU per event: client ${us(cpu.client)} µs, server ${us(cpu.server)} µs (cores: client ${cpu.client.toFixed(2)}, server ${cpu.server.toFixed(2)}, other ${cpu.other.toFixed(2)})`,
  );
  await store.close();
});
