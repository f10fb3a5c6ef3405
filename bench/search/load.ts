/**
 * A closed-loop HTTP load generator: N clients, each on its own keep-alive connection, sending
 * its next request as soon as the last one answered. It speaks just enough HTTP/1.1 (GET,
 * Content-Length bodies) to cost the host little CPU: it shares the machine with the product
 * and PostgreSQL, so a heavy client would slow down what it measures.
 */
import net from 'node:net';
import { LatencyRecorder } from '../lib/stats';

export interface LoadResult {
  latency: LatencyRecorder;
  seconds: number;
  errors: number;
  /** Requests whose answer held at least one result. */
  found: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const RESULT_MARK = Buffer.from('"customerId"');

/** One keep-alive connection answering one request at a time. */
class Connection {
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (r: { status: number; body: Buffer }) => void; reject: (e: Error) => void } | null = null;

  constructor(port: number) {
    this.socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.tryComplete();
    });
    this.socket.on('error', (error) => this.waiting?.reject(error));
    this.socket.on('close', () => this.waiting?.reject(new Error('connection closed')));
  }

  private tryComplete(): void {
    if (!this.waiting) return;
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.waiting.reject(new Error(`no content-length in the answer: ${head.split('\r\n')[0]}`));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const status = Number(head.slice(9, 12));
    const body = this.buffer.subarray(end + 4, total);
    this.buffer = this.buffer.subarray(total);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status, body });
  }

  get(path: string, headerLines: string): Promise<{ status: number; body: Buffer }> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n${headerLines}\r\n`);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

export async function runLoad(port: number, paths: readonly string[], clients: number, headers: Record<string, string>, resultMark: Buffer = RESULT_MARK): Promise<LoadResult> {
  const headerLines = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const connections = Array.from({ length: clients }, () => new Connection(port));
  const latency = new LatencyRecorder();
  let next = 0;
  let errors = 0;
  let found = 0;
  const started = performance.now();
  const client = async (connection: Connection) => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const t0 = performance.now();
      const res = await connection.get(path, headerLines);
      latency.add(performance.now() - t0);
      if (res.status !== 200) errors++;
      else if (res.body.includes(resultMark)) found++;
    }
  };
  try {
    await Promise.all(connections.map(client));
  } finally {
    for (const c of connections) c.close();
  }
  return { latency, seconds: (performance.now() - started) / 1000, errors, found };
}
