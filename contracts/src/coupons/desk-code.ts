/**
 * Desk codes (issue 24 part 1, ADR 0088): the short code on every issued coupon and every pack
 * sale that a customer shows or reads out at the service desk. Ten characters from a 30-letter
 * alphabet (Crockford's base 32 without 0 and 1, so none of 0/O, 1/I/L, and no U), written in
 * two groups of five: `7KQ4M-XR2TD`. About 49 bits: a guess hits one of a million codes with
 * odds of one in 900 million, and look-ups are throttled. How a code is made (keyed and
 * unguessable) lives with the read model that holds them; this module is only the format.
 */

export const DESK_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DESK_CODE_LENGTH = 10;
/** A code as shown: two groups of five, e.g. 7KQ4M-XR2TD (11 characters with the hyphen). */
export const DESK_CODE_DISPLAY_LENGTH = DESK_CODE_LENGTH + 1;

/** The code `bytes` (at least 8) spell: their big-endian number, base 30, the last ten digits. */
export function deskCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 8) throw new Error('A desk code needs at least 8 bytes of key material.');
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < DESK_CODE_LENGTH; i++) {
    out += DESK_CODE_ALPHABET[Number(n % 30n)];
    n /= 30n;
  }
  return formatDeskCode(out);
}

/** Ten alphabet characters as shown (XXXXX-XXXXX). */
export function formatDeskCode(compact: string): string {
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

/**
 * What a person typed or a scanner read, as a stored code (XXXXX-XXXXX), or null when it cannot be
 * one. Case, spaces and hyphens do not matter; a letter outside the alphabet means not a code.
 */
export function parseDeskCode(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/[\s-]+/g, '');
  if (compact.length !== DESK_CODE_LENGTH) return null;
  for (const c of compact) if (!DESK_CODE_ALPHABET.includes(c)) return null;
  return formatDeskCode(compact);
}

/**
 * Whether a search term is meant as a code rather than a name: it parses as one and is written
 * like one (a digit, or the hyphen/space between the groups). A ten-letter word without either
 * ("Brandstatt") stays a name search.
 */
export function looksLikeDeskCode(term: string): boolean {
  const trimmed = term.trim();
  return parseDeskCode(trimmed) !== null && (/\d/.test(trimmed) || /^\S{5}[\s-]+\S{5}$/.test(trimmed));
}
