/**
 * CPU of named processes over a measured phase (Linux /proc): the load bench's split between the
 * load generator, the product's processes and the importer.
 */
import { readFileSync } from 'node:fs';

const CLK_TCK = 100;

function ticksOf(pid: number | 'self'): number | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return null;
  }
}

export class ProcessCpu {
  private readonly named = new Map<string, number | 'self'>([['load generator (autocannon, this process)', 'self']]);
  private started = new Map<string, number>();

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
    this.started = new Map([...this.named].map(([name, pid]) => [name, ticksOf(pid) ?? Number.NaN]));
  }

  /** Cores used by each process since start(), over `seconds`. */
  stop(seconds: number): [string, number][] {
    return [...this.named].flatMap(([name, pid]): [string, number][] => {
      const before = this.started.get(name);
      const now = ticksOf(pid);
      if (before === undefined || now === null || !Number.isFinite(before)) return [];
      return [[name, (now - before) / CLK_TCK / seconds]];
    });
  }
}
