/**
 * `npm start`'s background parts in supervised child processes (ADR 0074): the read side
 * (children/read-side.ts) and the workers (children/workers.ts). What /healthz reports of them
 * comes from each child's last report; while a child is down or restarting, its parts report
 * an error (the projections at their last known position).
 */
import { fileURLToPath } from 'node:url';
import type { Logger } from '@dealer/platform';
import { projections, type ProjectionStatus } from '@dealer/projector';
import type { BackgroundParts } from '../product';
import { supervise, type Supervised } from '../supervisor';
import type { ReadSideReport, WorkersReport } from './reports';

const entry = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

export interface SupervisedParts extends BackgroundParts {
  readSide: Supervised<ReadSideReport>;
  workers: Supervised<WorkersReport>;
  start(): void;
}

export function supervisedParts(logger: Logger, options: { initialBackoffMs?: number } = {}): SupervisedParts {
  const readSide = supervise<ReadSideReport>({ name: 'read-side', entry: entry('read-side.ts'), logger, ...options });
  const workers = supervise<WorkersReport>({ name: 'workers', entry: entry('workers.ts'), logger, ...options });
  let lastProjections: ProjectionStatus[] = projections.map((p) => ({ name: p.name, state: 'starting', position: 0, lastError: null, parked: 0 }));
  let lastReactorPosition = 0;
  const down = (s: { state: string; lastExit: string | null }) => `read side process ${s.state}${s.lastExit ? ` (last exit: ${s.lastExit})` : ''}`;
  return {
    readSide,
    workers,
    start() {
      readSide.start();
      workers.start();
    },
    projector: {
      status() {
        const s = readSide.status();
        if (s.report) {
          lastProjections = s.report.projections;
          return lastProjections;
        }
        if (s.state === 'starting' && s.restarts === 0) return lastProjections;
        return lastProjections.map((p) => ({ ...p, state: 'error', lastError: down(s) }));
      },
      stop: () => readSide.stop(),
    },
    reactor: {
      state() {
        const s = readSide.status();
        if (s.report) return s.report.reactor.state;
        return s.state === 'starting' && s.restarts === 0 ? 'starting' : 'error';
      },
      position() {
        const report = readSide.status().report;
        if (report) lastReactorPosition = report.reactor.position;
        return lastReactorPosition;
      },
    },
    worker: { isRunning: () => workers.status().report?.workerRunning === true },
    async stop() {
      await Promise.all([readSide.stop(), workers.stop()]);
    },
  };
}
