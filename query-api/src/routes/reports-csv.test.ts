/** The report CSV writer (issue 14): number formats, quoting, formula guard, totals, and that it pulls rows as it is read. */
import { describe, expect, it } from 'vitest';
import type { ReportColumn, ReportRow } from '@dealer/contracts';
import { basisPointsToPercent, centsToDollars, csvStream, formatCell, quoteCsv, rowLine, totalsLine } from './reports-csv';

const columns: ReportColumn[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'day', label: 'Day', kind: 'date' },
  { key: 'count', label: 'Count', kind: 'count' },
  { key: 'gross', label: 'Gross, $', kind: 'money' },
  { key: 'share', label: 'Share', kind: 'percent' },
];

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe('report CSV', () => {
  it('should write money as dollars with two decimals and percent from basis points', () => {
    expect([centsToDollars(0), centsToDollars(5), centsToDollars(-5), centsToDollars(123456), centsToDollars(-100), centsToDollars(123456789012)]).toEqual([
      '0.00', '0.05', '-0.05', '1234.56', '-1.00', '1234567890.12',
    ]);
    expect([basisPointsToPercent(1250), basisPointsToPercent(10000), basisPointsToPercent(-3)]).toEqual(['12.50%', '100.00%', '-0.03%']);
    expect(formatCell(columns[2]!, 42)).toBe('42');
    expect(formatCell(columns[3]!, null)).toBe('');
    expect(formatCell(columns[1]!, '2026-03-01')).toBe('2026-03-01');
  });

  it('should quote commas, quotes and line breaks, and guard cells a spreadsheet would run as a formula', () => {
    expect(quoteCsv('plain')).toBe('plain');
    expect(quoteCsv('a,b')).toBe('"a,b"');
    expect(quoteCsv('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsv('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(formatCell(columns[0]!, formula)).toBe(`'${formula}`);
    expect(rowLine(columns, { name: '=HYPERLINK("x","y")', day: '2026-03-01', count: 3, gross: 1999, share: 5000 })).toBe(
      `"'=HYPERLINK(""x"",""y"")",2026-03-01,3,19.99,50.00%\r\n`,
    );
    // Money is not guarded: a negative amount stays a number.
    expect(rowLine(columns, { name: 'Refunds', day: null, count: -1, gross: -250, share: null })).toBe('Refunds,,-1,-2.50,\r\n');
    expect(totalsLine(columns, { name: 'ignored', count: 10, gross: 100000, share: null })).toBe('Total,,10,1000.00,\r\n');
  });

  it('should stream header, rows and the totals row last, pulling batches only as the reader asks', async () => {
    let pulled = 0;
    async function* batches(): AsyncGenerator<ReportRow[]> {
      for (let b = 0; b < 50; b++) {
        pulled++;
        yield Array.from({ length: 1000 }, (_, i) => ({ cells: { name: `Row ${b * 1000 + i}`, day: '2026-01-02', count: i, gross: i * 100, share: 100 } }));
      }
    }
    const stream = csvStream(columns, batches(), { count: 3, gross: 1 });
    // Nothing is pulled before the reader asks; the first read pulls far fewer than all.
    expect(pulled).toBe(0);
    const first = await new Promise<string>((resolve) =>
      stream.once('data', (chunk) => {
        stream.pause();
        resolve(String(chunk));
      }),
    );
    expect(first).toBe('\uFEFFName,Day,Count,"Gross, $",Share\r\n');
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBeLessThan(50);
    const rest = await readAll(stream);
    const lines = (first + rest).split('\r\n');
    expect(lines[0]).toBe('\uFEFFName,Day,Count,"Gross, $",Share');
    expect(lines[1]).toBe('Row 0,2026-01-02,0,0.00,1.00%');
    expect(lines.length).toBe(1 + 50_000 + 1 + 1);
    expect(lines[50_001]).toBe('Total,,3,0.01,');
    expect(lines[50_002]).toBe('');
    expect(pulled).toBe(50);
  });

  it('should end the batches when the reader goes away', async () => {
    let closed = false;
    async function* batches(): AsyncGenerator<ReportRow[]> {
      try {
        for (let b = 0; b < 1000; b++) yield [{ cells: { name: 'x'.repeat(1000) } }];
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(columns, batches(), null);
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(true);
  });
});
