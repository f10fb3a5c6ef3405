// Worker thread of BoxOpener (box-opener.ts): opens personal-data boxes off the main thread.
// Plain JavaScript on purpose: a worker does not inherit the TypeScript loader, and this one
// needs nothing but node:crypto.
//
// In:  { id, keys: ArrayBuffer (32 bytes a box), boxes: string (the boxes joined by '\n') }
// Out: { id, json: '[{...}, ...]' } (each box's fields, in order) or { id, error }
import { createDecipheriv } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

/** Same format as the vault's seal(): base64(iv 12 | tag 16 | ciphertext). */
function open(key, sealed) {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const plain = decipher.update(raw.subarray(28));
  decipher.final(); // GCM: verifies the tag, yields no bytes
  return plain.toString();
}

parentPort.on('message', ({ id, keys, boxes }) => {
  try {
    const keyBytes = Buffer.from(keys);
    const sealed = boxes.split('\n');
    const out = new Array(sealed.length);
    for (let i = 0; i < sealed.length; i++) out[i] = open(keyBytes.subarray(i * 32, i * 32 + 32), sealed[i]);
    parentPort.postMessage({ id, json: `[${out.join(',')}]` });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
