/** Latency samples and the figures the tables print. */

export class LatencyRecorder {
  private samples = new Float64Array(1 << 16);
  private size = 0;

  /** Milliseconds. */
  add(ms: number): void {
    if (this.size === this.samples.length) {
      const bigger = new Float64Array(this.samples.length * 2);
      bigger.set(this.samples);
      this.samples = bigger;
    }
    this.samples[this.size++] = ms;
  }

  get count(): number {
    return this.size;
  }

  /** The samples recorded so far, in the order they came. */
  values(): Float64Array {
    return this.samples.subarray(0, this.size);
  }

  /** Nearest-rank percentile, p in (0, 100]. */
  percentiles(...ps: number[]): number[] {
    const sorted = this.samples.slice(0, this.size).sort();
    return ps.map((p) => {
      if (sorted.length === 0) return Number.NaN;
      const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
      return sorted[rank - 1]!;
    });
  }
}

export function nowMs(): number {
  return performance.now();
}

export function fmtInt(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  return Math.round(n).toLocaleString('en-US');
}

export function fmtMs(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  return n < 10 ? n.toFixed(2) : n.toFixed(1);
}

export function fmtRatio(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  return `${n.toFixed(2)}x`;
}

export function fmtPct(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  return `${(n * 100).toFixed(0)}%`;
}
