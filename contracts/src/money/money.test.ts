import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMoney, allocateMoney, cents, dollars, formatMoney, formatPercent, MONEY_MAX_CENTS, MONEY_MESSAGES, multiplyMoney, parseMoney, parsePercent, PERCENT_MESSAGES, percentOf, subtractMoney, type Money } from './index';

const money = (n: number) => cents(n);
const amounts = fc.integer({ min: -MONEY_MAX_CENTS, max: MONEY_MAX_CENTS }).map(money);

describe('money arithmetic', () => {
  it('should add, subtract and multiply whole cents exactly', () => {
    expect(addMoney(money(10), money(20), money(1))).toBe(31);
    expect(subtractMoney(money(10), money(25))).toBe(-15);
    expect(multiplyMoney(money(3995), 4)).toBe(15980);
    // The classic float failure: 0.1 + 0.2 dollars is exactly 30 cents here.
    expect(addMoney(money(10), money(20))).toBe(30);
    expect(dollars(12)).toBe(1200);
  });

  it('should refuse fractions of a cent and amounts past the exact range', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
    expect(() => addMoney(money(MONEY_MAX_CENTS), money(1))).toThrow(RangeError);
    expect(() => multiplyMoney(money(MONEY_MAX_CENTS), 2)).toThrow(RangeError);
    expect(() => multiplyMoney(money(100), 1.5)).toThrow(RangeError);
  });

  it('should take a percent half-up by default and half-even on request', () => {
    // 10 % of $0.05 is half a cent: half-up gives 1 cent, banker's gives 0 (even).
    expect(percentOf(money(5), 1000)).toBe(1);
    expect(percentOf(money(5), 1000, 'half-even')).toBe(0);
    expect(percentOf(money(15), 1000, 'half-even')).toBe(2);
    // 12.5 % of $10.01 = 125.125 cents -> 125 either way.
    expect(percentOf(money(1001), 1250)).toBe(125);
    // Ties away from zero for negative amounts.
    expect(percentOf(money(-5), 1000)).toBe(-1);
    expect(percentOf(money(-5), 1000, 'half-even')).toBe(0);
    expect(percentOf(money(12345), 10000)).toBe(12345);
  });

  it('should never be more than half a cent from the exact percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 10000 }), fc.constantFrom('half-up' as const, 'half-even' as const), (a, bp, rounding) => {
        const result = BigInt(percentOf(money(a), bp, rounding));
        const exactTimes10000 = BigInt(a) * BigInt(bp);
        const diff = result * 10000n - exactTimes10000;
        expect(diff <= 5000n && diff >= -5000n).toBe(true);
      }),
    );
  });
});

describe('allocation (largest remainder)', () => {
  it('should split $100 over three equal coupons as 33.34, 33.33, 33.33', () => {
    expect(allocateMoney(money(10000), [500, 500, 500])).toEqual([3334, 3333, 3333]);
  });

  it('should give the leftover cents to the largest remainders, ties to the earlier part', () => {
    // 1000 over weights 1,1,1,1,1,1,1 : 142 each, 6 cents left, the first six get one.
    expect(allocateMoney(money(1000), [1, 1, 1, 1, 1, 1, 1])).toEqual([143, 143, 143, 143, 143, 143, 142]);
    // 10 over 3:7 -> exactly 3 and 7.
    expect(allocateMoney(money(10), [3, 7])).toEqual([3, 7]);
    // 100 over 1:2 -> 33.33.., 66.66..: the larger remainder (the second) gets the cent.
    expect(allocateMoney(money(100), [1, 2])).toEqual([33, 67]);
  });

  it('should give a zero-weight part nothing and split equally when every weight is zero', () => {
    expect(allocateMoney(money(999), [0, 3, 0])).toEqual([0, 999, 0]);
    expect(allocateMoney(money(10), [0, 0, 0])).toEqual([4, 3, 3]);
    expect(allocateMoney(money(0), [5, 5])).toEqual([0, 0]);
  });

  it('should refuse negative amounts, negative or fractional weights and an amount over nothing', () => {
    expect(() => allocateMoney(money(-1), [1])).toThrow(RangeError);
    expect(() => allocateMoney(money(1), [-1, 2])).toThrow(RangeError);
    expect(() => allocateMoney(money(1), [0.5])).toThrow(RangeError);
    expect(() => allocateMoney(money(1), [])).toThrow(RangeError);
    expect(allocateMoney(money(0), [])).toEqual([]);
  });

  it('should always sum exactly to the amount, each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 40 }), (total, weights) => {
        const parts = allocateMoney(money(total), weights);
        expect(parts).toHaveLength(weights.length);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        const effective = weights.every((w) => w === 0) ? weights.map(() => 1) : weights;
        const weightSum = BigInt(effective.reduce((a, b) => a + b, 0));
        parts.forEach((p, i) => {
          const exactTimesSum = BigInt(total) * BigInt(effective[i]!);
          const floor = exactTimesSum / weightSum;
          expect(BigInt(p) === floor || BigInt(p) === floor + 1n).toBe(true);
          if (effective[i] === 0) expect(p).toBe(0);
        });
        // Deterministic: the same input gives the same answer.
        expect(allocateMoney(money(total), weights)).toEqual(parts);
      }),
    );
  });

  it('should give equal weights allocations that differ by at most one cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 30 }), (total, w, n) => {
        const parts = allocateMoney(money(total), Array.from({ length: n }, () => w));
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('formatting (en-US, USD)', () => {
  it('should format with a dollar sign, thousands separators and two decimals', () => {
    expect(formatMoney(money(123450))).toBe('$1,234.50');
    expect(formatMoney(money(-500))).toBe('-$5.00');
    expect(formatMoney(money(0))).toBe('$0.00');
    expect(formatMoney(money(7))).toBe('$0.07');
    expect(formatMoney(money(100000000))).toBe('$1,000,000.00');
    expect(formatMoney(money(MONEY_MAX_CENTS))).toBe('$90,071,992,547,409.91');
  });

  it('should print what Intl prints for en-US USD', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (n) => {
        // Intl is only the oracle here, on amounts a double holds exactly in dollars and cents.
        expect(formatMoney(money(n))).toBe(intl.format(n / 100));
      }),
    );
  });
});

describe('parsing what a person typed', () => {
  const ok = (input: string, options?: Parameters<typeof parseMoney>[1]) => {
    const r = parseMoney(input, options);
    if (!r.ok) throw new Error(`expected ${input} to parse, got ${r.error}`);
    return r.value as number;
  };
  const error = (input: unknown, options?: Parameters<typeof parseMoney>[1]) => {
    const r = parseMoney(input, options);
    if (r.ok) throw new Error(`expected ${String(input)} to be refused, got ${r.value}`);
    return r.error;
  };

  it('should read plain, dollar-signed, comma-grouped and partial amounts exactly', () => {
    expect(ok('12.34')).toBe(1234);
    expect(ok('$1,234.50')).toBe(123450);
    expect(ok(' 1234 ')).toBe(123400);
    expect(ok('.5')).toBe(50);
    expect(ok('0.29')).toBe(29);
    expect(ok('12.')).toBe(1200);
    expect(ok('$ 5')).toBe(500);
    expect(ok('-$5.00', { allowNegative: true })).toBe(-500);
    expect(ok('$-5.00', { allowNegative: true })).toBe(-500);
    expect(ok('-0.00')).toBe(0);
  });

  it('should say what is wrong with an amount it cannot read', () => {
    expect(error('')).toBe(MONEY_MESSAGES.required);
    expect(error('   ')).toBe(MONEY_MESSAGES.required);
    expect(error(undefined)).toBe(MONEY_MESSAGES.required);
    expect(error(12.34)).toBe(MONEY_MESSAGES.required);
    expect(error('abc')).toBe(MONEY_MESSAGES.invalid);
    expect(error('12,34')).toBe(MONEY_MESSAGES.invalid);
    expect(error('1,2345.00')).toBe(MONEY_MESSAGES.invalid);
    expect(error('$')).toBe(MONEY_MESSAGES.invalid);
    expect(error('1e3')).toBe(MONEY_MESSAGES.invalid);
    expect(error('--5')).toBe(MONEY_MESSAGES.invalid);
    expect(error('12.345')).toBe(MONEY_MESSAGES.decimals);
    expect(error('-5')).toBe(MONEY_MESSAGES.negative);
    expect(error('1000.01', { maxCents: 100000 })).toBe('The amount can be at most $1,000.00.');
    expect(error('99999999999999999999999')).toBe(MONEY_MESSAGES.tooLarge(MONEY_MAX_CENTS));
    expect(error('12\u00003')).toBe(MONEY_MESSAGES.invalid);
  });

  it('should read back every amount it formats', () => {
    fc.assert(
      fc.property(amounts, (m: Money) => {
        const r = parseMoney(formatMoney(m), { allowNegative: true });
        expect(r).toEqual({ ok: true, value: m });
      }),
    );
  });

  it('should read plain decimal text of any whole-cent amount to exactly those cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_MAX_CENTS }), (n) => {
        const text = `${Math.trunc(n / 100)}.${String(n % 100).padStart(2, '0')}`;
        expect(parseMoney(text)).toEqual({ ok: true, value: n });
      }),
    );
  });
});

describe('percent as basis points', () => {
  it('should read a typed percent and print it back', () => {
    expect(parsePercent('12.5')).toEqual({ ok: true, value: 1250 });
    expect(parsePercent(' 100 % ')).toEqual({ ok: true, value: 10000 });
    expect(parsePercent('.05')).toEqual({ ok: true, value: 5 });
    expect(parsePercent('')).toEqual({ ok: false, error: PERCENT_MESSAGES.required });
    expect(parsePercent('12.345')).toEqual({ ok: false, error: PERCENT_MESSAGES.decimals });
    expect(parsePercent('0')).toEqual({ ok: false, error: PERCENT_MESSAGES.range });
    expect(parsePercent('100.01')).toEqual({ ok: false, error: PERCENT_MESSAGES.range });
    expect(parsePercent('1e2')).toEqual({ ok: false, error: PERCENT_MESSAGES.invalid });
    expect(formatPercent(1250)).toBe('12.5%');
    expect(formatPercent(10000)).toBe('100%');
    expect(formatPercent(5)).toBe('0.05%');
  });

  it('should read back every percent it prints', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10000 }), (bp) => {
      expect(parsePercent(formatPercent(bp))).toEqual({ ok: true, value: bp });
    }));
  });
});
