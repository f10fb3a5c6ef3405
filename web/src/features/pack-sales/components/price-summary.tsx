// The money of a sale before it is made: price (the pack's or a manager's), tax at the location's rate (none for a
// tax-exempt customer) and the total, worked out in whole cents as the server will.
import { addMoney, formatMoney, percentOf, type Money } from '@dealer/contracts';
import { PACK_SALE_TEXTS } from './pack-sale-texts';

export interface SaleMoney {
  price: Money;
  tax: Money | null;
  total: Money | null;
}

/** Null tax and total while the location's rate is unknown. */
export function saleMoney(price: Money, taxRateBasisPoints: number | null | undefined, taxExempt: boolean): SaleMoney {
  if (taxExempt) return { price, tax: 0 as Money, total: price };
  if (taxRateBasisPoints === null || taxRateBasisPoints === undefined) return { price, tax: null, total: null };
  const tax = percentOf(price, taxRateBasisPoints, 'half-up');
  return { price, tax, total: addMoney(price, tax) };
}

interface PriceSummaryProps {
  listPrice: Money;
  money: SaleMoney;
  taxExempt: boolean;
  taxRateBasisPoints: number | null | undefined;
}

export function PriceSummary({ listPrice, money, taxExempt, taxRateBasisPoints }: PriceSummaryProps) {
  const overridden = money.price !== listPrice;
  return (
    <dl className="sale-money" aria-label="Price and tax">
      <div>
        <dt>{PACK_SALE_TEXTS.listPrice}</dt>
        <dd className={overridden ? 'sale-money-struck' : undefined}>{formatMoney(listPrice)}</dd>
      </div>
      {overridden && (
        <div>
          <dt>{PACK_SALE_TEXTS.price}</dt>
          <dd>{formatMoney(money.price)}</dd>
        </div>
      )}
      <div>
        <dt>{taxExempt ? PACK_SALE_TEXTS.tax : taxRateBasisPoints != null ? PACK_SALE_TEXTS.taxAtRate(taxRateBasisPoints) : PACK_SALE_TEXTS.tax}</dt>
        <dd>
          {money.tax === null ? PACK_SALE_TEXTS.taxUnknown : formatMoney(money.tax)}
          {taxExempt && <span className="tone-badge tone-info">{PACK_SALE_TEXTS.taxExempt}</span>}
        </dd>
      </div>
      <div className="sale-money-total">
        <dt>{PACK_SALE_TEXTS.total}</dt>
        <dd>{money.total === null ? `${formatMoney(money.price)} + tax` : formatMoney(money.total)}</dd>
      </div>
    </dl>
  );
}
