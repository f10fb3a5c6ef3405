/**
 * Splitting an amount over parts in proportion to weights, in whole cents, so the parts always
 * add up to exactly the amount (the largest remainder method). Used for the allocated value of
 * each coupon of a pack (ASC 606 relative stand-alone selling price), see
 * docs/decisions/0035-allocation-and-expiry.md.
 */
import { cents, type Money } from './money';

/**
 * Each part gets floor(total * weight / sum of weights); the cents left over go one each to
 * the parts with the largest remainders, ties to the earlier part. Weights are whole,
 * non-negative numbers (cents); when they are all zero the amount is split equally.
 * Total must be zero or more. The answer has one entry per weight, in order.
 */
export function allocateMoney(total: Money, weights: readonly number[]): Money[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Amount to allocate must be whole cents, zero or more, got ${total}`);
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('Cannot allocate an amount over no parts');
    return [];
  }
  for (const w of weights) if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`Weights must be whole numbers, zero or more, got ${w}`);
  const ws = weights.every((w) => w === 0) ? weights.map(() => 1n) : weights.map((w) => BigInt(w));
  const weightSum = ws.reduce((a, b) => a + b, 0n);
  const t = BigInt(total);
  const shares = ws.map((w) => (t * w) / weightSum);
  const remainders = ws.map((w, index) => ({ index, remainder: (t * w) % weightSum }));
  let left = t - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares.map((s) => cents(Number(s)));
}
