/** argon2id password hashing (m = 19 MiB, t = 2, p = 1: OWASP's minimum). */
import { hash, verify } from '@node-rs/argon2';

const PARAMS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, PARAMS);

/** A real hash of a random password: unknown users cost the same verification as known ones. */
let dummy: Promise<string> | null = null;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  try {
    const ok = await verify(stored ?? (await dummy), password);
    return stored !== null && ok;
  } catch {
    return false;
  }
}
