// Opening a sealed personal-data box: base64(iv 12 | tag 16 | ciphertext), AES-256-GCM, as
// PersonalDataVault seals it. Plain JavaScript so that the vault (TypeScript) and the box
// opener's worker thread (which does not inherit the TypeScript loader) share one definition.
import { createDecipheriv } from 'node:crypto';

/** The plaintext of a sealed box; throws when the key is wrong or the box was tampered with. */
export function openSealed(key, sealed) {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}
