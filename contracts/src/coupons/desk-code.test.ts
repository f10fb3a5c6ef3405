import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DESK_CODE_ALPHABET, DESK_CODE_LENGTH, deskCodeFromBytes, looksLikeDeskCode, parseDeskCode } from './desk-code';

describe('desk codes', () => {
  it('uses an alphabet without 0/O, 1/I/L (and U), 30 distinct characters', () => {
    expect(DESK_CODE_ALPHABET).toHaveLength(30);
    expect(new Set(DESK_CODE_ALPHABET).size).toBe(30);
    for (const c of '01OIL U') expect(DESK_CODE_ALPHABET).not.toContain(c);
  });

  it('spells ten alphabet characters in two groups of five', () => {
    for (let i = 0; i < 200; i++) {
      const code = deskCodeFromBytes(randomBytes(32));
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
      expect(code.replace('-', '')).toHaveLength(DESK_CODE_LENGTH);
    }
  });

  it('gives 20,000 random inputs 20,000 different codes and uses every character in every place', () => {
    const codes = new Set<string>();
    const seen = Array.from({ length: DESK_CODE_LENGTH }, () => new Set<string>());
    for (let i = 0; i < 20_000; i++) {
      const code = deskCodeFromBytes(randomBytes(32));
      codes.add(code);
      [...code.replace('-', '')].forEach((c, at) => seen[at]!.add(c));
    }
    expect(codes.size).toBe(20_000);
    for (const place of seen) expect(place.size).toBe(30);
  });

  it('is a function of its bytes (the same key material, the same code)', () => {
    const bytes = randomBytes(32);
    expect(deskCodeFromBytes(bytes)).toBe(deskCodeFromBytes(Uint8Array.from(bytes)));
    expect(() => deskCodeFromBytes(new Uint8Array(4))).toThrow();
  });

  it('reads what people type or scanners read', () => {
    expect(parseDeskCode(' 7kq4m xr2td ')).toBe('7KQ4M-XR2TD');
    expect(parseDeskCode('7KQ4MXR2TD')).toBe('7KQ4M-XR2TD');
    expect(parseDeskCode('7KQ4M-XR2T')).toBeNull();
    expect(parseDeskCode('7KQ4M-XR2T0')).toBeNull();
    expect(parseDeskCode('OKQ4M-XR2TD')).toBeNull();
    expect(looksLikeDeskCode('7KQ4M-XR2TD')).toBe(true);
    expect(looksLikeDeskCode('kqwmx xrztd')).toBe(true);
    expect(looksLikeDeskCode('7kq4mxr2td')).toBe(true);
    expect(looksLikeDeskCode('Brandstatt')).toBe(false);
    expect(looksLikeDeskCode('Smith')).toBe(false);
  });
});
