import { describe, expect, it } from 'vitest';
import { csvRecords } from './csv-reader';
import { FileFormatError } from './json-reader';

async function* chunked(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function records(text: string, size = 1 << 20) {
  const out: { row: number; fields: string[] }[] = [];
  for await (const r of csvRecords(chunked(text, size))) out.push(r);
  return out;
}

describe('csvRecords', () => {
  const text = '\uFEFFa,b,c\r\n1,"two, with comma","say ""hi"""\r\n\r\n3,"multi\nline",\n4,5,6';

  it('should read quoted fields, doubled quotes, CRLF and LF, numbering rows as a spreadsheet does', async () => {
    for (const size of [1, 2, 5, 1 << 20]) {
      expect(await records(text, size), `chunk size ${size}`).toEqual([
        { row: 1, fields: ['a', 'b', 'c'] },
        { row: 2, fields: ['1', 'two, with comma', 'say "hi"'] },
        { row: 4, fields: ['3', 'multi\nline', ''] },
        { row: 5, fields: ['4', '5', '6'] },
      ]);
    }
  });

  it('should refuse a quoted field that is never closed or text after a closing quote', async () => {
    await expect(records('a,b\n1,"open\n')).rejects.toThrow(FileFormatError);
    await expect(records('a,b\n1,"x"y\n')).rejects.toThrow(/after a closing quote/);
  });
});
