/**
 * Runs a part of the product in a child process of `npm start` (issue 22 item 5; ADR 0074):
 * started with the parent's environment, restarted with back-off when it dies (the delay doubles
 * up to maxBackoffMs, and starts over once a child has run for stableMs), stopped with SIGTERM
 * (SIGKILL after stopTimeoutMs) when the parent stops. A child reports its state with
 * process.send; the last report is kept for /healthz. A child whose parent is gone (killed
 * without a chance to stop it) sees its IPC channel close and stops itself (childReporter).
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Logger } from '@dealer/platform';

export type ChildState = 'starting' | 'running' | 'restarting' | 'stopped';

export interface SupervisedStatus<Report> {
  name: string;
  state: ChildState;
  pid: number | null;
  /** Restarts after the child died. */
  restarts: number;
  /** The last report of the running child; null while none is running. */
  report: Report | null;
  lastExit: string | null;
}

export interface SuperviseOptions {
  name: string;
  /** The child's entry module (TypeScript, run through tsx as the parent is). */
  entry: string;
  logger?: Logger;
  env?: NodeJS.ProcessEnv;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  stableMs?: number;
  stopTimeoutMs?: number;
}

export interface Supervised<Report> {
  start(): void;
  status(): SupervisedStatus<Report>;
  stop(): Promise<void>;
}

export function supervise<Report>(options: SuperviseOptions): Supervised<Report> {
  const { name, logger } = options;
  const initialBackoff = options.initialBackoffMs ?? 500;
  const maxBackoff = options.maxBackoffMs ?? 30_000;
  const stableMs = options.stableMs ?? 30_000;
  const status: SupervisedStatus<Report> = { name, state: 'starting', pid: null, restarts: 0, report: null, lastExit: null };
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let backoff = initialBackoff;
  let restartTimer: NodeJS.Timeout | null = null;
  let stopping = false;

  const spawn = () => {
    restartTimer = null;
    if (stopping) return;
    status.state = 'starting';
    const startedAt = Date.now();
    const c = fork(options.entry, [], {
      execArgv: childExecArgv(),
      env: { ...process.env, ...options.env },
      stdio: 'inherit',
    });
    child = c;
    status.pid = c.pid ?? null;
    c.on('message', (message: unknown) => {
      if (message && typeof message === 'object' && 'report' in message) {
        status.report = (message as { report: Report }).report;
        if (status.state === 'starting') status.state = 'running';
      }
    });
    exited = new Promise<void>((resolve) => {
      c.on('exit', (code, signal) => {
        child = null;
        status.pid = null;
        status.report = null;
        status.lastExit = signal ? `signal ${signal}` : `exit code ${String(code)}`;
        resolve();
        if (stopping) return;
        if (Date.now() - startedAt >= stableMs) backoff = initialBackoff;
        status.state = 'restarting';
        status.restarts += 1;
        logger?.error({ child: name, exit: status.lastExit, restartInMs: backoff }, `${name} process died; restarting`);
        restartTimer = setTimeout(spawn, backoff);
        backoff = Math.min(maxBackoff, backoff * 2);
      });
    });
    c.on('error', (error) => logger?.error({ child: name, err: error.message }, `${name} process error`));
  };

  return {
    start: () => {
      if (!child && !restartTimer && !stopping) spawn();
    },
    status: () => ({ ...status }),
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const c = child;
      if (c) {
        c.kill('SIGTERM');
        const timer = setTimeout(() => c.kill('SIGKILL'), options.stopTimeoutMs ?? 15_000);
        await exited;
        clearTimeout(timer);
      }
      status.state = 'stopped';
    },
  };
}

/**
 * The parent's Node options without a debugger port and without the tsx CLI's own hooks (its
 * preflight takes over the child's IPC channel: reports never arrived), and tsx's loader.
 */
function childExecArgv(): string[] {
  const kept: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--inspect')) continue;
    if ((a === '--require' || a === '--import' || a === '-r') && args[i + 1]?.includes('tsx')) {
      i += 1;
      continue;
    }
    if (/^--(require|import)=.*tsx/.test(a)) continue;
    kept.push(a);
  }
  return [...kept, '--import', 'tsx'];
}

/**
 * In a child: reports `report()` to the parent every intervalMs, and runs `stop` (then exits) on
 * SIGTERM/SIGINT or when the parent's channel closes. Without a parent (run on its own) it only
 * stops on the signals.
 */
export function childReporter<Report>(report: () => Report, stop: () => Promise<void>, logger?: Logger, intervalMs = 500): void {
  let stopping = false;
  const send = () => {
    if (process.connected) process.send?.({ report: report() });
  };
  const timer = setInterval(send, intervalMs);
  const end = (why: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    logger?.info(`${why}: stopping gracefully`);
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger?.error({ err: String(error) }, 'graceful stop failed');
        process.exit(1);
      });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => end(`${signal} received`));
  process.on('disconnect', () => end('parent gone'));
  // The first report only once the handlers are in place: a parent that stops the child right
  // after it reported must reach the graceful stop, not the default action of SIGTERM.
  send();
}
