/**
 * Opens many personal-data boxes at once on worker threads (box-opener.worker.mjs), so that a
 * projection rebuild's decryption (a createDecipheriv per event) runs beside the main thread's
 * reading and applying instead of in turn with them. Small batches, the live case, are opened
 * in the caller's thread: a round trip to a worker would cost them more than it saves.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface SealedBox {
  /** The subject's unwrapped 32-byte AES-256-GCM key. */
  key: Buffer;
  /** base64(iv 12 | tag 16 | ciphertext), as PersonalDataVault seals it. */
  box: string;
}

type Fields = Record<string, unknown>;

interface Pending {
  resolve: (fields: Fields[]) => void;
  reject: (error: Error) => void;
}

export interface BoxOpenerOptions {
  /** Worker threads; default: the cores but one (the main thread keeps one), 1 to 4. */
  threads?: number;
  /** Batches smaller than this are opened in the caller's thread. */
  minWorkerBatch?: number;
  /** The worker's script (tests replace it). */
  workerUrl?: URL;
}

/** A worker thread failed (not a box): the batch is opened in the calling thread instead. */
class WorkerFailure extends Error {}

export class BoxOpener {
  private readonly threads: number;
  private readonly minWorkerBatch: number;
  private readonly workerUrl: URL;
  private workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(
    private readonly openInThread: (box: SealedBox) => Fields,
    options: BoxOpenerOptions = {},
  ) {
    this.threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.minWorkerBatch = options.minWorkerBatch ?? 512;
    this.workerUrl = options.workerUrl ?? new URL('./box-opener.worker.mjs', import.meta.url);
  }

  /** Each box's fields, in order; rejects when any box does not open (a wrong key or a tampered box). */
  async openAll(boxes: SealedBox[]): Promise<Fields[]> {
    if (boxes.length < this.minWorkerBatch || this.threads === 0) return boxes.map(this.openInThread);
    const workers = this.start();
    const size = Math.ceil(boxes.length / workers.length);
    try {
      const parts = await Promise.all(workers.map((worker, i) => this.send(worker, boxes.slice(i * size, (i + 1) * size))));
      return parts.flat();
    } catch (error) {
      // A dead worker must not stop a projection: this batch is opened here, the next one tries workers again.
      if (error instanceof WorkerFailure) return boxes.map(this.openInThread);
      throw error;
    }
  }

  private send(worker: Worker, boxes: SealedBox[]): Promise<Fields[]> {
    if (boxes.length === 0) return Promise.resolve([]);
    const keys = new Uint8Array(boxes.length * 32);
    const sealed = new Array<string>(boxes.length);
    for (let i = 0; i < boxes.length; i++) {
      keys.set(boxes[i]!.key, i * 32);
      sealed[i] = boxes[i]!.box;
    }
    const id = this.nextId++;
    return new Promise<Fields[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, keys: keys.buffer, boxes: sealed.join('\n') }, [keys.buffer]);
    });
  }

  private start(): Worker[] {
    if (this.workers.length > 0) return this.workers;
    this.workers = Array.from({ length: this.threads }, () => {
      const worker = new Worker(this.workerUrl);
      // Idle workers never keep the process alive; close() ends them.
      worker.unref();
      worker.on('message', (m: { id: number; json?: string; error?: string }) => {
        const waiting = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error !== undefined) waiting?.reject(new Error(`personal data could not be opened: ${m.error}`));
        else waiting?.resolve(JSON.parse(m.json!) as Fields[]);
      });
      // Only a worker still in use fails the batches; one being closed or replaced is ignored.
      worker.on('error', (error: Error) => {
        if (this.workers.includes(worker)) this.fail(new WorkerFailure(`box opener worker failed: ${error.message}`));
      });
      worker.on('exit', (code) => {
        if (this.workers.includes(worker)) this.fail(new WorkerFailure(`box opener worker stopped with code ${code}`));
      });
      return worker;
    });
    return this.workers;
  }

  /** A worker died: everything it was doing fails, and the next batch starts fresh workers. */
  private fail(error: WorkerFailure): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    const workers = this.workers;
    this.workers = [];
    for (const worker of workers) void worker.terminate();
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
