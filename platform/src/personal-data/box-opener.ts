/**
 * Opens many personal-data boxes at once on worker threads (box-opener.worker.mjs), so that a
 * projection rebuild's decryption (a createDecipheriv per event, and one per subject to unwrap
 * its key) runs beside the main thread's reading and applying instead of in turn with them.
 * Small batches, the live case, are opened in the caller's thread: a round trip to a worker
 * would cost them more than it saves.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { openSealed } from './box-crypto.mjs';

export interface SealedBox {
  /** The subject's unwrapped 32-byte AES-256-GCM key. */
  key: Buffer;
  /** base64(iv 12 | tag 16 | ciphertext), as PersonalDataVault seals it. */
  box: string;
}

type Fields = Record<string, unknown>;

/** What box-opener.worker.mjs is asked: open boxes (a key each) or unwrap keys (one master key). */
interface WorkerRequest {
  id: number;
  kind: 'open' | 'unwrap';
  /** 'open': 32 bytes a box; 'unwrap': the master key's 32 bytes. */
  keys: ArrayBuffer;
  /** The boxes joined by '\n' (base64 has no newline). */
  boxes: string;
}

/** Its answer: the fields' JSON ('open'), the keys' bytes ('unwrap'), or why it failed. */
interface WorkerReply {
  id: number;
  json?: string;
  keys?: ArrayBuffer;
  error?: string;
}

interface Pending {
  resolve: (reply: WorkerReply) => void;
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
  openAll(boxes: SealedBox[]): Promise<Fields[]> {
    return this.spread(boxes, (part) => part.map(this.openInThread), async (worker, part) => {
      const keys = new Uint8Array(part.length * 32);
      const sealed = new Array<string>(part.length);
      for (let i = 0; i < part.length; i++) {
        keys.set(part[i]!.key, i * 32);
        sealed[i] = part[i]!.box;
      }
      const reply = await this.request(worker, { kind: 'open', keys: keys.buffer, boxes: sealed.join('\n') }, [keys.buffer]);
      return JSON.parse(reply.json!) as Fields[];
    });
  }

  /**
   * Each subject's key, unwrapped from the master key's box around it (pii_keys.wrapped_key as
   * text), in order; rejects when any does not open. A rebuild meets each subject once, so the
   * unwrapping costs as much as the opening of its boxes: it runs on the workers too.
   */
  unwrapAll(masterKey: Buffer, wrapped: string[]): Promise<Buffer[]> {
    return this.spread(wrapped, (part) => part.map((box) => openSealed(masterKey, box)), async (worker, part) => {
      // A copy: the master key's own buffer is never handed to another thread.
      const master = new Uint8Array(masterKey);
      const reply = await this.request(worker, { kind: 'unwrap', keys: master.buffer, boxes: part.join('\n') }, [master.buffer]);
      const keys = Buffer.from(reply.keys!);
      return Array.from({ length: part.length }, (_, i) => keys.subarray(i * 32, i * 32 + 32));
    });
  }

  /**
   * Small batches in this thread; large ones in as many parts as there are workers. A dead worker
   * must not stop a projection: its batch is then done here, and the next one tries workers again.
   */
  private async spread<I, O>(items: I[], inThread: (items: I[]) => O[], onWorker: (worker: Worker, part: I[]) => Promise<O[]>): Promise<O[]> {
    if (items.length < this.minWorkerBatch || this.threads === 0) return inThread(items);
    const workers = this.start();
    const size = Math.ceil(items.length / workers.length);
    try {
      const parts = await Promise.all(
        workers.map((worker, i) => {
          const part = items.slice(i * size, (i + 1) * size);
          return part.length === 0 ? [] : onWorker(worker, part);
        }),
      );
      return parts.flat();
    } catch (error) {
      if (error instanceof WorkerFailure) return inThread(items);
      throw error;
    }
  }

  private request(worker: Worker, message: Omit<WorkerRequest, 'id'>, transfer: ArrayBuffer[]): Promise<WorkerReply> {
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message }, transfer);
    });
  }

  private start(): Worker[] {
    if (this.workers.length > 0) return this.workers;
    this.workers = Array.from({ length: this.threads }, () => {
      const worker = new Worker(this.workerUrl);
      // Idle workers never keep the process alive; close() ends them.
      worker.unref();
      worker.on('message', (m: WorkerReply) => {
        const waiting = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error !== undefined) waiting?.reject(new Error(`personal data could not be opened: ${m.error}`));
        else waiting?.resolve(m);
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
