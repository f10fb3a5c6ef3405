import { describe, expect, it } from 'vitest';
import { FileFormatError, jsonArrayElements } from './json-reader';

async function* chunked(text: string, size: number) {
  const buf = Buffer.from(text);
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

async function elements(text: string, size = 1 << 20): Promise<string[]> {
  const out: string[] = [];
  for await (const e of jsonArrayElements(chunked(text, size))) out.push(e);
  return out;
}

describe('jsonArrayElements', () => {
  const tricky = [{ a: 'x\\"y', b: ['}', ']', '\\'] }, 'q\\', 1, true, null, 'a,b]', { c: { d: [1, { e: '{"' }] } }, 'é ü 漢字'];

  it('should yield each element of the top-level array as its own JSON text, however the bytes are chunked', async () => {
    const text = JSON.stringify(tricky, null, 1);
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) {
      const out = await elements(text, size);
      expect(out.map((e) => JSON.parse(e)), `chunk size ${size}`).toEqual(tricky);
    }
  });

  it('should accept a byte-order mark and an empty array', async () => {
    expect(await elements('\uFEFF [ ] ')).toEqual([]);
  });

  it('should pass a malformed element through, so the importer can reject just that row', async () => {
    const out = await elements('[{"a":1}, {"a":tru}, {"b":2}]');
    expect(out).toHaveLength(3);
    expect(() => JSON.parse(out[1]!)).toThrow();
  });

  it('should refuse a file that is not an array, is truncated, or has content after the array', async () => {
    await expect(elements('{"roNumber":"1"}')).rejects.toThrow(FileFormatError);
    await expect(elements('[{"a":1}, {"a":')).rejects.toThrow(/truncated/);
    await expect(elements('[{"a":1}] [')).rejects.toThrow(/after the closing/);
    await expect(elements('[{"a":1} {"a":2}]')).rejects.toThrow(/Missing comma/);
    await expect(elements('')).rejects.toThrow(/empty/);
  });
});
