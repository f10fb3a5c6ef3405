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

export const PERCENT_MESSAGES = {
  required: 'Percent is required.',
  invalid: 'Enter a percent like 12.5.',
  decimals: 'Enter at most 2 digits after the decimal point.',
  range: 'Percent must be between 0.01 and 100.',
} as const;

/** '12.5', '12.5%', '100' -> basis points (1250, 1250, 10000); 0.01 % to 100 %. */
export function parsePercent(input: unknown): { ok: true; value: number } | { ok: false; error: string } {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, error: PERCENT_MESSAGES.required };
  const match = /^(\d+|(?=\.\d))(?:\.(\d*))?\s*%?$/.exec(input.trim());
  if (!match) return { ok: false, error: PERCENT_MESSAGES.invalid };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: PERCENT_MESSAGES.decimals };
  const bp = BigInt(`${whole || '0'}${fraction.padEnd(2, '0')}`);
  if (bp < 1n || bp > 10000n) return { ok: false, error: PERCENT_MESSAGES.range };
  return { ok: true, value: Number(bp) };
}

/** Basis points as a percent: 1250 -> '12.5%', 10000 -> '100%', 5 -> '0.05%'. */
export function formatPercent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(Math.abs(basisPoints % 100)).padStart(2, '0').replace(/0+$/, '');
  return `${basisPoints < 0 ? '-' : ''}${Math.abs(whole)}${fraction ? `.${fraction}` : ''}%`;
}
