/**
 * The one money formatter (SPEC 9: USD, en-US): '$1,234.50', '-$5.00', '$0.00'. Built from the
 * integer cents with integer arithmetic, so it shows exactly what is stored; the result is
 * what Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) prints.
 */
import type { Money } from './money';

export function formatMoney(amount: Money): string {
  const negative = amount < 0;
  const abs = BigInt(negative ? -amount : amount);
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}$${whole}.${fraction}`;
}
