// Worker thread of BoxOpener (box-opener.ts): opens personal-data boxes off the main thread.
// Plain JavaScript on purpose: a worker does not inherit the TypeScript loader.
//
// In:  { id, keys: ArrayBuffer (32 bytes a box), boxes: string (the boxes joined by '\n') }
// Out: { id, json: '[{...}, ...]' } (each box's fields, in order) or { id, error }
import { parentPort } from 'node:worker_threads';
import { openSealed } from './box-crypto.mjs';

parentPort.on('message', ({ id, keys, boxes }) => {
  try {
    const keyBytes = Buffer.from(keys);
    const sealed = boxes.split('\n');
    const out = new Array(sealed.length);
    for (let i = 0; i < sealed.length; i++) out[i] = openSealed(keyBytes.subarray(i * 32, i * 32 + 32), sealed[i]).toString();
    parentPort.postMessage({ id, json: `[${out.join(',')}]` });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
