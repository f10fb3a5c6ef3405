/**
 * A streaming RFC 4180 CSV reader: comma separated, fields optionally in double quotes
 * (quotes doubled inside), CRLF or LF line ends, an optional UTF-8 byte-order mark.
 * Rows are numbered as a spreadsheet shows them: the header is row 1.
 */
import { FileFormatError } from './json-reader';

export interface CsvRecord {
  row: number;
  fields: string[];
}

const SPECIAL = /[,"\r\n]/g;

export async function* csvRecords(source: AsyncIterable<string | Buffer>): AsyncGenerator<CsvRecord> {
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let afterQuote = false;
  let skipLf = false;
  let row = 1;
  let quoteRow = 1;
  let first = true;

  for await (const input of source) {
    let chunk = typeof input === 'string' ? input : input.toString('utf8');
    if (first) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const out: CsvRecord[] = [];
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (skipLf) {
        skipLf = false;
        if (chunk[i] === '\n') {
          i++;
          continue;
        }
      }
      if (inQuotes) {
        const j = chunk.indexOf('"', i);
        if (j < 0) {
          field += chunk.slice(i);
          i = n;
          break;
        }
        field += chunk.slice(i, j);
        i = j + 1;
        inQuotes = false;
        afterQuote = true;
        continue;
      }
      if (afterQuote) {
        afterQuote = false;
        const c = chunk[i];
        if (c === '"') {
          field += '"';
          inQuotes = true;
          i++;
          continue;
        }
        if (c !== ',' && c !== '\n' && c !== '\r') throw new FileFormatError(`Row ${row}: text after a closing quote; quotes inside a quoted field must be doubled ("").`);
      }
      SPECIAL.lastIndex = i;
      const m = SPECIAL.exec(chunk);
      if (!m) {
        field += chunk.slice(i);
        i = n;
        break;
      }
      const j = m.index;
      field += chunk.slice(i, j);
      const c = chunk[j];
      i = j + 1;
      if (c === ',') {
        fields.push(field);
        field = '';
      } else if (c === '"') {
        if (field === '') {
          inQuotes = true;
          quoteRow = row;
        } else field += '"'; // a stray quote inside an unquoted field is kept as text
      } else {
        // End of a line: \n, or \r optionally followed by \n.
        fields.push(field);
        field = '';
        if (!(fields.length === 1 && fields[0] === '')) out.push({ row, fields });
        fields = [];
        row++;
        if (c === '\r') skipLf = true;
      }
    }
    for (const record of out) yield record;
  }
  if (inQuotes) throw new FileFormatError(`Row ${quoteRow}: a quoted field is never closed (truncated file?).`);
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    yield { row, fields };
  }
}
