/**
 * CPU of named processes over a measured phase (Linux /proc): the load bench's split between the
 * load generator, the product's processes and the importer.
 */
import { readFileSync } from 'node:fs';

const CLK_TCK = 100;

/** User and system (kernel) clock ticks the process has used. */
function ticksOf(pid: number | 'self'): { user: number; system: number } | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { user: Number(f[11]), system: Number(f[12]) };
  } catch {
    return null;
  }
}

/**
 * Cores a process used over a phase, and how much of it in the kernel (system time). The system
 * share tells whether socket writes that fill a CPU profile are CPU at all: V8's profiler samples
 * on a timer, and a process descheduled inside a write is sampled there.
 */
export type ProcessCores = [name: string, cores: number, systemCores: number];

export class ProcessCpu {
  private readonly named = new Map<string, number | 'self'>([['load generator (autocannon, this process)', 'self']]);
  private started = new Map<string, { user: number; system: number } | null>();

  /** Direct children of `pid` (the supervised processes of npm start). */
  static childrenOf(pid: number): number[] {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }

  /** "read side (...)" / "workers (...)" from the child's command line. */
  static labelOf(pid: number): string {
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      // gone
    }
    const entry = /([\w-]+)\.ts/.exec(cmd.split(' ').reverse().find((a) => a.endsWith('.ts')) ?? '')?.[1] ?? `pid ${pid}`;
    return `${entry} process`;
  }

  add(name: string, pid: number): void {
    this.named.set(name, pid);
  }

  remove(pid: number): void {
    for (const [name, p] of this.named) if (p === pid) this.named.delete(name);
  }

  start(): void {
    this.started = new Map([...this.named].map(([name, pid]) => [name, ticksOf(pid)]));
  }

  /** Cores used by each process since start(), over `seconds`, with the system time's share. */
  stop(seconds: number): ProcessCores[] {
    return [...this.named].flatMap(([name, pid]): ProcessCores[] => {
      const before = this.started.get(name);
      const now = ticksOf(pid);
      if (!before || !now) return [];
      const cores = (ticks: number) => ticks / CLK_TCK / seconds;
      return [[name, cores(now.user - before.user + now.system - before.system), cores(now.system - before.system)]];
    });
  }
}
