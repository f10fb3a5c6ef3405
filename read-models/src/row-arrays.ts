/**
 * Rows sent to PostgreSQL as one typed array per column and taken apart with `unnest`, instead of
 * one JSON document taken apart with `json_populate_recordset` (issue 22): the server parses a
 * `text[]` literal at about a third of the cost of the same rows as JSON objects (every field
 * looked up by name in every object), which is most of what writing a customer row costs it.
 * The client writes each array's literal itself: postgres.js would type an array by its first
 * element and send `{t,f}` as a boolean, not a boolean[]; a literal string is typed by the cast.
 *
 * Rows known not to be in the table yet can go by COPY instead (copyRows): no array literal to
 * parse, no conflict to look for.
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Sql } from '@dealer/platform';
import { copyIn, copyValue } from '@dealer/platform/db/copy';

export interface ColumnSpec<Row> {
  /** Column name (also the alias of the unnested field). */
  name: keyof Row & string;
  /** PostgreSQL element type, e.g. `uuid`, `text`, `boolean`, `integer`, `timestamptz`. */
  type: string;
}

/**
 * `select ... from unnest($first::type[], ...) as r(columns)`, the rows of `columnArrays`; the
 * parameters start at `$first`.
 */
export function unnestSelect<Row>(columns: readonly ColumnSpec<Row>[], first = 1): string {
  const params = columns.map((c, i) => `$${first + i}::${c.type}[]`).join(', ');
  return `select * from unnest(${params}) as r(${columns.map((c) => c.name).join(', ')})`;
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPE = /["\\]/g;

/** One value in an array literal: NULL, t/f, a number, an ISO time, or a quoted string. */
function element(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value === true) return 't';
  if (value === false) return 'f';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? `"${text.replace(ESCAPE, '\\$&')}"` : `"${text}"`;
}

/** One array literal per column, in `columns`' order (undefined sent as NULL). */
export function columnArrays<Row>(columns: readonly ColumnSpec<Row>[], rows: readonly Row[]): string[] {
  return columns.map(({ name }) => {
    const parts = new Array<string>(rows.length);
    for (let r = 0; r < rows.length; r++) parts[r] = element((rows[r] as Record<string, unknown>)[name]);
    return `{${parts.join(',')}}`;
  });
}

/** One value in COPY's text format: \N for null, t/f, a number, an ISO time, or the text with backslash escapes. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value === true) return 't';
  if (value === false) return 'f';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  return copyValue(String(value));
}

/** Rows per chunk of COPY text handed to the connection. */
const COPY_CHUNK = 2000;

/** Each item mapped as it is taken (rows made for copyRows one at a time). */
export function* mapped<A, B>(items: Iterable<A>, map: (item: A) => B): Generator<B> {
  for (const item of items) yield map(item);
}

/** COPY text of rows, a chunk of COPY_CHUNK rows at a time, made as the rows are taken. */
function* copyText<Row>(rows: Iterable<Row>, names: readonly string[]): Generator<string> {
  let text = '';
  let count = 0;
  for (const item of rows) {
    const row = item as Record<string, unknown>;
    let line = copyField(row[names[0]!]);
    for (let c = 1; c < names.length; c++) line += '\t' + copyField(row[names[c]!]);
    text += line + '\n';
    if (++count < COPY_CHUNK) continue;
    yield text;
    text = '';
    count = 0;
  }
  if (count > 0) yield text;
}

/**
 * Inserts rows with COPY (they must not be in the table: a duplicate key fails the statement and its
 * transaction, and this rejects). The rows may be made as they are taken (an iterator): a chunk is
 * made while the server takes in the ones before it, all in one statement.
 */
export async function copyRows<Row>(tx: Sql, table: string, columns: readonly ColumnSpec<Row>[], rows: Iterable<Row>): Promise<void> {
  const names = columns.map((c) => c.name);
  const chunks = copyText(rows, names);
  let chunk = chunks.next();
  if (chunk.done) return;
  const copy = await copyIn(tx, table, `copy ${table} (${names.join(', ')}) from stdin`);
  const written = finished(copy.writable);
  written.catch(() => undefined);
  for (; !chunk.done; chunk = chunks.next()) {
    if (!copy.writable.write(chunk.value)) await Promise.race([once(copy.writable, 'drain'), written]);
  }
  copy.writable.end();
  await copy.done(written);
}
