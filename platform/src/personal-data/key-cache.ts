/**
 * The vault's per-process cache of subject keys (PersonalDataVault): a key is used at most `ttlMs`
 * after it was loaded, so an erasure made in another process is seen within that time (this
 * process forgets at once).
 *
 * Two generations, each with the time it started instead of a time per entry: an entry expires
 * when its generation's time plus the TTL has passed, so no earlier than half the TTL and no later
 * than the TTL after it was put. A generation gives way to a new one when it is full or half the
 * TTL old, and the one before it is dropped whole (deleting entries one by one from a big Map is
 * slow in V8). A rebuild looks up a million keys: an object and a clock reading per key were a
 * tenth of its main thread's time with the vault's other look-ups (ADR 0107).
 */
export class KeyCache<V> {
  private young = new Map<string, V>();
  private youngSince: number;
  private old = new Map<string, V>();
  private oldSince = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly generationSize: number,
    private readonly ttlMs: number,
    now = Date.now(),
  ) {
    this.youngSince = now;
  }

  /** The entry, if it was put (and not forgotten) and has not expired at `now`. */
  get(key: string, now = Date.now()): V | undefined {
    this.turn(now);
    const young = this.young.get(key);
    if (young !== undefined) return young;
    return now < this.oldSince + this.ttlMs ? this.old.get(key) : undefined;
  }

  set(key: string, value: V, now = Date.now()): void {
    this.turn(now);
    if (this.young.size >= this.generationSize) this.startGeneration(now);
    this.young.set(key, value);
  }

  delete(key: string): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  /** A generation half the TTL old gives way: its entries then live until its start plus the TTL. */
  private turn(now: number): void {
    if (now - this.youngSince >= this.ttlMs / 2) this.startGeneration(now);
  }

  private startGeneration(now: number): void {
    this.old = this.young;
    this.oldSince = this.youngSince;
    this.young = new Map();
    this.youngSince = now;
  }
}
