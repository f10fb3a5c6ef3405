/**
 * Reading an amount a person typed ('12.34', '$1,234.50', '1234', '.5') into Money, with a
 * clear message for each way it can be wrong. Digits are read as text, never through
 * parseFloat, so '0.29' is 29 cents exactly.
 */
import { cents, MONEY_MAX_CENTS, type Money } from './money';
import { formatMoney } from './format';

export const MONEY_MESSAGES = {
  required: 'Amount is required.',
  invalid: 'Enter an amount in dollars and cents, like 1,234.50.',
  decimals: 'Enter at most 2 digits after the decimal point.',
  negative: 'The amount cannot be negative.',
  tooLarge: (maxCents: number) => `The amount can be at most ${formatMoney(cents(maxCents))}.`,
} as const;

export type MoneyParse = { ok: true; value: Money } | { ok: false; error: string };

export interface ParseMoneyOptions {
  /** Accept '-12.00', '-$12.00' and '$-12.00' (default: no). */
  allowNegative?: boolean;
  /** Largest accepted amount in cents (default and at most MONEY_MAX_CENTS). */
  maxCents?: number;
}

/**
 * Optional minus, optional '$', optional minus (after the sign), then either digits grouped
 * by commas in threes or plain digits, then an optional '.' with digits. Spaces around the
 * whole and between '$' and the digits are allowed.
 */
const PATTERN = /^(-)?\s*(\$)?\s*(-)?\s*(\d{1,3}(?:,\d{3})+|\d+|(?=\.\d))(?:\.(\d*))?$/;

export function parseMoney(input: unknown, options: ParseMoneyOptions = {}): MoneyParse {
  const maxCents = Math.min(options.maxCents ?? MONEY_MAX_CENTS, MONEY_MAX_CENTS);
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, error: MONEY_MESSAGES.required };
  const text = input.trim();
  const match = PATTERN.exec(text);
  if (!match) return { ok: false, error: MONEY_MESSAGES.invalid };
  const [, minusBefore, , minusAfter, wholeText = '', fraction] = match;
  if (minusBefore && minusAfter) return { ok: false, error: MONEY_MESSAGES.invalid };
  if (fraction !== undefined && fraction.length > 2) return { ok: false, error: MONEY_MESSAGES.decimals };
  const digits = `${wholeText.replace(/,/g, '') || '0'}${(fraction ?? '').padEnd(2, '0')}`;
  // Compare as BigInt: a long string of digits must not lose precision before the check.
  const magnitude = BigInt(digits);
  if (magnitude > BigInt(maxCents)) return { ok: false, error: MONEY_MESSAGES.tooLarge(maxCents) };
  const negative = Boolean(minusBefore || minusAfter) && magnitude !== 0n;
  if (negative && !options.allowNegative) return { ok: false, error: MONEY_MESSAGES.negative };
  return { ok: true, value: cents(Number(negative ? -magnitude : magnitude)) };
}
