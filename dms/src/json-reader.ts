/**
 * Streams the elements of a top-level JSON array without holding the whole file as one
 * string (a 100,000-RO export is hundreds of megabytes; V8 strings stop near 512 MB).
 * Each element comes out as its own JSON text, so a malformed element can be reported as a
 * rejected row while a file whose structure is broken (no array, truncated, trailing
 * content) is refused whole.
 */

export class FileFormatError extends Error {
  override readonly name = 'FileFormatError';
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT, QUOTE, BACKSLASH, COMMA] = [0x5b, 0x5d, 0x7b, 0x7d, 0x22, 0x5c, 0x2c];

type Phase = 'start' | 'between' | 'element' | 'end';

export async function* jsonArrayElements(source: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let phase: Phase = 'start';
  let expectComma = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let pieces: Buffer[] = [];
  let first = true;
  let elements = 0;

  for await (const input of source) {
    let chunk = typeof input === 'string' ? Buffer.from(input) : input;
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    let start = phase === 'element' ? 0 : -1;
    const out: string[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (phase === 'element') {
        if (inString) {
          // Jump to the next quote (memchr); it closes the string unless an odd run of
          // backslashes precedes it. A run may continue from the previous chunk (`escaped`).
          if (escaped) {
            escaped = false; // the first byte of this chunk is escaped by the previous chunk's backslash
            continue;
          }
          const q = chunk.indexOf(QUOTE, i);
          if (q < 0) {
            let k = chunk.length - 1;
            while (k >= i && chunk[k] === BACKSLASH) k--;
            escaped = (chunk.length - 1 - k) % 2 === 1;
            i = chunk.length;
            break;
          }
          let k = q - 1;
          while (k >= i && chunk[k] === BACKSLASH) k--;
          i = q;
          if ((q - 1 - k) % 2 === 0) inString = false;
          continue;
        }
        if (b === QUOTE) {
          inString = true;
          continue;
        }
        if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
          depth++;
          continue;
        }
        if (depth > 0) {
          if ((b === CLOSE_OBJECT || b === CLOSE_ARRAY) && --depth === 0) {
            pieces.push(chunk.subarray(start, i + 1));
            out.push(Buffer.concat(pieces).toString('utf8'));
            pieces = [];
            phase = 'between';
            expectComma = true;
          }
          continue;
        }
        // A primitive element ends at a separator, which the 'between' phase then reads.
        if (b === COMMA || b === CLOSE_ARRAY || WS.has(b)) {
          pieces.push(chunk.subarray(start, i));
          out.push(Buffer.concat(pieces).toString('utf8'));
          pieces = [];
          phase = 'between';
          expectComma = true;
        } else continue;
      }
      if (WS.has(b)) continue;
      if (phase === 'start') {
        if (b !== OPEN_ARRAY) throw new FileFormatError('The file must hold a JSON array of repair orders ([ ... ]).');
        phase = 'between';
        expectComma = false;
        continue;
      }
      if (phase === 'end') throw new FileFormatError('Unexpected content after the closing ] of the array.');
      // phase === 'between'
      if (b === CLOSE_ARRAY) {
        phase = 'end';
        continue;
      }
      if (b === COMMA) {
        if (!expectComma) throw new FileFormatError(`Unexpected comma after element ${elements} of the array.`);
        expectComma = false;
        continue;
      }
      if (expectComma) throw new FileFormatError(`Missing comma after element ${elements} of the array.`);
      phase = 'element';
      elements++;
      start = i;
      depth = b === OPEN_OBJECT || b === OPEN_ARRAY ? 1 : 0;
      inString = b === QUOTE;
      escaped = false;
    }
    if (phase === 'element') pieces.push(chunk.subarray(start));
    for (const element of out) yield element;
  }
  if (first || phase === 'start') throw new FileFormatError('The file is empty; it must hold a JSON array of repair orders.');
  if ((phase as Phase) !== 'end') throw new FileFormatError(`The file ends inside the array, after element ${elements} (truncated?).`);
}
