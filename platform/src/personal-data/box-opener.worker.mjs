// Worker thread of BoxOpener (box-opener.ts): opens personal-data boxes off the main thread.
// Plain JavaScript on purpose: a worker does not inherit the TypeScript loader.
//
// In:  { id, kind: 'open', keys: ArrayBuffer (32 bytes a box), boxes: string (the boxes joined by '\n') }
//      { id, kind: 'unwrap', keys: ArrayBuffer (the master key), boxes: string (wrapped keys joined by '\n') }
// Out: { id, json: '[{...}, ...]' } (each box's fields, in order), { id, keys: ArrayBuffer (32 bytes
//      a key, in order) } or { id, error }
import { parentPort } from 'node:worker_threads';
import { openSealed } from './box-crypto.mjs';

function open(keyBytes, sealed) {
  const out = new Array(sealed.length);
  for (let i = 0; i < sealed.length; i++) out[i] = openSealed(keyBytes.subarray(i * 32, i * 32 + 32), sealed[i]).toString();
  return { json: `[${out.join(',')}]` };
}

function unwrap(masterKey, wrapped) {
  const keys = new Uint8Array(wrapped.length * 32);
  for (let i = 0; i < wrapped.length; i++) {
    const key = openSealed(masterKey, wrapped[i]);
    if (key.length !== 32) throw new Error('a wrapped key is not 32 bytes');
    keys.set(key, i * 32);
  }
  return { keys: keys.buffer };
}

parentPort.on('message', ({ id, kind, keys, boxes }) => {
  try {
    const keyBytes = Buffer.from(keys);
    const reply = kind === 'unwrap' ? unwrap(keyBytes, boxes.split('\n')) : open(keyBytes, boxes.split('\n'));
    parentPort.postMessage({ id, ...reply }, reply.keys ? [reply.keys] : []);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
