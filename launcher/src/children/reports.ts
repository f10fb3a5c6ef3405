/** What the child processes of `npm start` report to the parent (supervisor.ts), for /healthz. */
import type { ProjectionStatus } from '@dealer/projector';
import type { ReactorState } from '@dealer/workers';

export interface ReadSideReport {
  projections: ProjectionStatus[];
  reactor: { state: ReactorState; position: number };
}

export interface WorkersReport {
  workerRunning: boolean;
}
