/**
 * The read side's and the API's statements with parameters sent with `unsafe` are prepared on
 * their connection (ADR 0113): every `.unsafe(text, params)` in read-models passes PREPARED, but
 * where its text varies without a small bound. Unprepared, postgres.js sends each in two round
 * trips and the server parses and plans it every time; a call added without it would quietly
 * bring that back. The projection tests (pack_sales) check that the statements do end up
 * prepared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;

/**
 * Sources whose `unsafe` calls may go unprepared: the helper that sends a transaction's statements
 * fresh, and the RO search, whose text is built from the filters asked for (hundreds of
 * combinations) and whose prefix searches want a plan for their values.
 */
const UNPREPARED_FILES = new Set(['projection.ts', join('repair-order-search', 'queries.ts')]);

/** Every source of read-models (the projections, the desk codes, the API's queries and reports), tests aside. */
const sources = () =>
  (readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !UNPREPARED_FILES.has(file))
    .map((file) => join(SRC, file));

/** The top-level arguments' texts of the call whose `(` is at `open`: strings, templates and brackets are stepped over. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = endOfString(text, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i));
        return args.map((a) => a.trim()).filter((a) => a.length > 0);
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  throw new Error(`unclosed call at ${open}`);
}

/** The index of the quote that closes the string or template opening at `at` (a template's `${...}` stepped over). */
function endOfString(text: string, at: number): number {
  const quote = text[at]!;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' && c === '$' && text[i + 1] === '{') {
      let depth = 0;
      for (i = i + 1; i < text.length; i++) {
        if (text[i] === '`') i = endOfString(text, i);
        else if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
    }
  }
  throw new Error(`unclosed string at ${at}`);
}

/** Each `.unsafe(` call of a source with its line and arguments. */
function unsafeCalls(text: string) {
  return [...text.matchAll(/\.unsafe(<[^>]*>)?\(/g)].map((m) => ({
    line: text.slice(0, m.index).split('\n').length,
    args: callArguments(text, m.index! + m[0].length - 1),
  }));
}

describe("the projections' statements", () => {
  it('should find the arguments of calls spread over lines, with templates, nested calls and trailing commas', () => {
    const text = "x.unsafe(\n  `select ${a.map((c) => `${c}, ')'`).join(', ')} from t where id = $1`,\n  [id, f(1, 2)],\n)";
    expect(unsafeCalls(text)).toEqual([{ line: 1, args: ["`select ${a.map((c) => `${c}, ')'`).join(', ')} from t where id = $1`", '[id, f(1, 2)]'] }]);
    expect(unsafeCalls("tx.unsafe<{ a: 1 }[]>('select 1')")).toEqual([{ line: 1, args: ["'select 1'"] }]);
  });

  it('should pass PREPARED with every statement that has parameters', () => {
    const found = sources();
    expect(found.length).toBeGreaterThan(40);
    expect(found).toContain(join(SRC, 'reports', 'coupon-sales.ts'));
    const unprepared = found.flatMap((file) =>
      unsafeCalls(readFileSync(file, 'utf8'))
        .filter((call) => call.args.length === 2 || (call.args.length === 3 && call.args[2] !== 'PREPARED'))
        .map((call) => `${file.slice(SRC.length)}:${call.line}`),
    );
    expect(unprepared).toEqual([]);
  });
});
