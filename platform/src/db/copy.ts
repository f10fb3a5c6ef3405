/**
 * `COPY ... FROM STDIN` through postgres.js, with an end that always comes.
 *
 * postgres.js settles a COPY's stream only when the COPY succeeds. An error that comes after the
 * last write (a duplicate key, a NUL byte in a text, a value the column's type refuses) is lost
 * with the query's promise, which the stream already resolved, and the stream never finishes: a
 * caller awaiting it waits for ever, inside its transaction and holding its locks. So once the
 * stream has handed postgres.js its end, one more statement is queued on the same connection: it
 * runs after the COPY, and fails when the COPY failed (the transaction is aborted by then).
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Sql } from './postgres';

/** What COPY's text format escapes. Made once: a regular expression literal in a function makes a new object at every call (a rebuild escapes tens of millions of values). */
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const escapeOf = (c: string) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r');

/** COPY text format of one value: backslash escapes, \N for null. */
export function copyValue(value: string | null): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIALS, escapeOf) : value;
}

export class CopyFailedError extends Error {
  override readonly name = 'CopyFailedError';
}

export interface CopyIn {
  /** The rows go here, in COPY's format; end it (or let a pipeline end it). */
  writable: Writable;
  /**
   * Resolves once the COPY has succeeded; rejects with CopyFailedError when it failed, or when
   * `written` (the caller's writing, e.g. a pipeline into the stream) did.
   */
  done(written?: Promise<unknown>): Promise<void>;
}

/** Starts `statement` (a COPY ... FROM STDIN into `table`) on the transaction's connection. */
export async function copyIn(tx: Sql, table: string, statement: string): Promise<CopyIn> {
  const writable = await tx.unsafe(statement).writable();
  // postgres.js takes the stream's end in its _final (it sends CopyDone there): from then on the
  // connection accepts the next statement, which the server runs after the COPY.
  const stream = writable as Writable & { _final(callback: (error?: Error | null) => void): void };
  const final = stream._final.bind(stream);
  const ended = new Promise<void>((resolve) => {
    stream._final = (callback) => {
      final(callback);
      resolve();
    };
  });
  return {
    writable,
    async done(written = finished(writable)) {
      written.catch(() => undefined);
      try {
        await Promise.all([written, ended.then(() => tx`select 1`)]);
      } catch (error) {
        writable.destroy();
        const message = error instanceof Error ? error.message : String(error);
        throw new CopyFailedError(`COPY into ${table} failed (the server's log names the row): ${message}`, { cause: error });
      }
    },
  };
}
