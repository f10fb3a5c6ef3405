/**
 * Money (SPEC 9: USD, en-US): integer cents, never floating point. Every amount in contracts,
 * events and read models is a Money; arithmetic here checks that results stay exact integers
 * (JavaScript numbers are exact up to 2^53), and the one rounding step (a percent of an amount)
 * works on BigInt with a stated rule.
 */
declare const moneyBrand: unique symbol;

/** An amount of US dollars as a whole number of cents (1234 = $12.34). */
export type Money = number & { readonly [moneyBrand]: 'USD cents' };

/** The largest amount Money carries: Number.MAX_SAFE_INTEGER cents (about $90 trillion). */
export const MONEY_MAX_CENTS = Number.MAX_SAFE_INTEGER;

export const ZERO_MONEY = 0 as Money;

export const isMoney = (value: unknown): value is Money =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** A Money from a whole number of cents; throws RangeError on fractions, NaN or overflow. */
export function cents(value: number): Money {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Money must be a whole number of cents within ±${MONEY_MAX_CENTS}, got ${value}`);
  // -0 is stored as 0 so that equality and JSON never see it.
  return (value === 0 ? 0 : value) as Money;
}

/** Whole dollars as Money ($12 -> 1200 cents). */
export const dollars = (whole: number): Money => {
  if (!Number.isSafeInteger(whole)) throw new RangeError(`dollars() takes a whole number, got ${whole}`);
  return cents(whole * 100);
};

export function addMoney(...amounts: Money[]): Money {
  let total = 0;
  for (const a of amounts) total = cents(total + a);
  return cents(total);
}

export const subtractMoney = (a: Money, b: Money): Money => cents(a - b);

/** An amount times a whole quantity (4 oil changes at $39.95). */
export function multiplyMoney(amount: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be a whole number, got ${quantity}`);
  const product = BigInt(amount) * BigInt(quantity);
  if (product > BigInt(MONEY_MAX_CENTS) || product < -BigInt(MONEY_MAX_CENTS)) throw new RangeError('Money overflow');
  return cents(Number(product));
}

export const compareMoney = (a: Money, b: Money): -1 | 0 | 1 => (a < b ? -1 : a > b ? 1 : 0);
export const minMoney = (a: Money, b: Money): Money => (a <= b ? a : b);
export const maxMoney = (a: Money, b: Money): Money => (a >= b ? a : b);
export const sumMoney = (amounts: readonly Money[]): Money => addMoney(...amounts);

/**
 * 'half-up': a tie (exactly half a cent) rounds away from zero, as receipts, DMS lines and
 * tax tables do: the default for anything a customer or an RO sees.
 * 'half-even' (banker's): a tie rounds to the even cent; offered for aggregates where
 * half-up's upward bias over many ties matters.
 */
export type Rounding = 'half-up' | 'half-even';

/** Percent as basis points: 1 = 0.01 %, 10000 = 100 %. A percent never travels as a float. */
export type BasisPoints = number;
export const BASIS_POINTS_PER_WHOLE = 10_000;

/** Rounds numerator / denominator (denominator > 0) to a whole number by the rule. */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  let q = n / denominator;
  const twiceRemainder = (n % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && (rounding === 'half-up' || q % 2n === 1n))) q += 1n;
  return negative ? -q : q;
}

/** `basisPoints` of `amount` (1250 bp of $10.01 = $1.25), rounded to the cent by `rounding`. */
export function percentOf(amount: Money, basisPoints: BasisPoints, rounding: Rounding = 'half-up'): Money {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError(`Basis points must be a whole number, got ${basisPoints}`);
  const result = divideRounded(BigInt(amount) * BigInt(basisPoints), BigInt(BASIS_POINTS_PER_WHOLE), rounding);
  return cents(Number(result));
}
