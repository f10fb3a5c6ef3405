/** The plaintext of a sealed box; throws when the key is wrong or the box was tampered with. */
export function openSealed(key: Buffer, sealed: string): Buffer;
