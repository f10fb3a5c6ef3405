import { describe, expect, it } from 'vitest';
import { orDash } from './display';

describe('orDash (SPEC 2.5: empty values show as -)', () => {
  it("should show '-' for null, undefined and the empty string, and any other value as text", () => {
    expect([orDash(null), orDash(undefined), orDash('')]).toEqual(['-', '-', '-']);
    expect([orDash('Golden'), orDash(0), orDash(42000)]).toEqual(['Golden', '0', '42000']);
  });
});
