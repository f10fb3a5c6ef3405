/** A fixture worker thread: builds the COPY text of chunks of positions (see fixture.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { PersonalDataVault } from '@dealer/platform/personal-data/vault';
import type { Sql } from '@dealer/platform/db/postgres';
import { buildChunk, type FixturePlan } from './fixture-data';

export interface ChunkRequest {
  chunk: number;
  from: number;
  to: number;
}

const plan = workerData as FixturePlan;
// sealFields never touches the database; this vault only seals.
const vault = new PersonalDataVault(null as unknown as Sql, Buffer.alloc(32));

parentPort!.on('message', (request: ChunkRequest) => {
  try {
    const { text, samples } = buildChunk(plan, vault, request.from, request.to);
    parentPort!.postMessage({ chunk: request.chunk, text, samples });
  } catch (error) {
    parentPort!.postMessage({ chunk: request.chunk, error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
});
