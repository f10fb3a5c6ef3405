// Purchase history of the selected customer: each pack bought (where, when, on which RO, price, tax and total,
// who sold it, Pending/Final/Voided); its coupons are listed once, in the Coupons panel (issue 23). A pending sale shows its location locked with SPEC 2.5's
// tooltip; Correct location is where it is fixed. Managers finalise a pending sale and void a sale.
// A sale that converted a paper book (issue 12) says so and shows no price, tax or total: the money was
// taken when the book was sold on paper.
import { useId } from 'react';
import { formatDateTime, formatMoney, type PackSaleView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useCustomerPurchases } from '../api/get-customer-purchases';
import type { PackSaleSlots } from './pack-sale-slots';
import { PACK_SALE_TEXTS, formatLocalDate, locationLabel, sellerWords } from './pack-sale-texts';
import { SaleStatusBadge } from './sale-badges';

const PAPER_TEXTS = {
  convertedFrom: (bookNumber: string) => `Converted from paper book ${bookNumber}`,
  paid: 'Paid for on paper when the book was sold.',
  convertedOn: 'Converted on',
  convertedBy: 'Converted by',
} as const;

export interface SaleActions {
  canFinalise: boolean;
  canVoid: boolean;
  busySaleId: string | null;
  onCorrect: (sale: PackSaleView) => void;
  onFinalise: (sale: PackSaleView) => void;
  onVoid: (sale: PackSaleView) => void;
}

function SaleLocation({ sale, slots }: { sale: PackSaleView; slots: PackSaleSlots }) {
  if (sale.status === 'pending') {
    const { LocationSelect } = slots;
    // SPEC 2.5: while the pack is pending the selector is disabled and says where to correct it.
    return <LocationSelect value={sale.locationId} onChange={() => undefined} pending label={PACK_SALE_TEXTS.location} />;
  }
  return (
    <div className="sale-fact">
      <span className="sale-fact-label">{PACK_SALE_TEXTS.location}</span>
      <span>{locationLabel(sale.locationName, sale.locationId)}</span>
    </div>
  );
}

/** Price (and why it was changed), tax and total of a sale over the counter. */
function SaleMoney({ sale }: { sale: PackSaleView }) {
  return (
    <>
      <div className="sale-fact">
        <span className="sale-fact-label">{PACK_SALE_TEXTS.price}</span>
        <span>
          {formatMoney(sale.price)}
          {sale.priceOverrideReason && (
            <span className="detail-note sale-block">{PACK_SALE_TEXTS.priceChanged(formatMoney(sale.listPrice), sale.priceOverrideReason)}</span>
          )}
        </span>
      </div>
      <div className="sale-fact">
        <span className="sale-fact-label">{PACK_SALE_TEXTS.tax}</span>
        <span>
          {formatMoney(sale.tax)}
          {sale.taxExempt && <span className="tone-badge tone-info sale-inline-badge">{PACK_SALE_TEXTS.taxExempt}</span>}
        </span>
      </div>
      <div className="sale-fact">
        <span className="sale-fact-label">{PACK_SALE_TEXTS.total}</span>
        <strong>{formatMoney(sale.total)}</strong>
      </div>
    </>
  );
}

function SaleArticle({ sale, slots, actions }: { sale: PackSaleView; slots: PackSaleSlots; actions: SaleActions }) {
  const titleId = useId();
  const busy = actions.busySaleId === sale.saleId;
  const voided = sale.status === 'voided';
  const paperBook = sale.paperBookNumber;
  return (
    <article className={`sale sale-${sale.status}`} aria-labelledby={titleId}>
      <header className="sale-head">
        <div>
          <h3 id={titleId}>{sale.packName}</h3>
          <p className="sale-sub">
            {PACK_SALE_TEXTS.saleRo} {sale.saleRoNumber} &middot; {formatLocalDate(sale.soldOn)}
          </p>
        </div>
        <SaleStatusBadge status={sale.status} />
      </header>
      {paperBook !== null && (
        <p className="detail-note">
          {PAPER_TEXTS.convertedFrom(paperBook)}. {PAPER_TEXTS.paid}
        </p>
      )}
      {sale.status === 'pending' && <p className="sale-note">{PACK_SALE_TEXTS.pendingNote}</p>}
      {sale.status === 'final' && sale.finalisedAt && (
        <p className="detail-note sale-final-note">
          {(sale.finalisedVia === 'manager' ? PACK_SALE_TEXTS.finalisedByManager : PACK_SALE_TEXTS.finalisedByRo)(formatDateTime(sale.finalisedAt))}
        </p>
      )}

      <div className="sale-facts">
        <SaleLocation sale={sale} slots={slots} />
        <div className="sale-fact">
          <span className="sale-fact-label">{paperBook === null ? PACK_SALE_TEXTS.soldOn : PAPER_TEXTS.convertedOn}</span>
          <span>{formatDateTime(sale.soldAt)}</span>
        </div>
        <div className="sale-fact">
          <span className="sale-fact-label">{paperBook === null ? PACK_SALE_TEXTS.soldBy : PAPER_TEXTS.convertedBy}</span>
          <span>{paperBook === null ? sellerWords(sale) : (sale.soldByName ?? '-')}</span>
        </div>
        {paperBook === null && <SaleMoney sale={sale} />}
        {sale.deskCode && (
          <div className="sale-fact">
            <span className="sale-fact-label">{PACK_SALE_TEXTS.packCode}</span>
            <span className="desk-code-inline">{sale.deskCode}</span>
          </div>
        )}
      </div>

      {sale.void && <p className="sale-note sale-note-danger">{PACK_SALE_TEXTS.voidedBy(sale.void.byName ?? 'a manager', sale.void.reason)}</p>}
      {sale.corrections.map((c) => (
        <p key={c.correctedAt} className="detail-note">
          {PACK_SALE_TEXTS.correctedNote(locationLabel(c.fromLocationName, c.fromLocationId), locationLabel(c.toLocationName, c.toLocationId), c.byName ?? 'staff', c.reason)}
        </p>
      ))}

      {/* The coupons are listed once, in the Coupons panel, grouped by pack (issue 23). */}
      {sale.coupons.length > 0 && <p className="detail-note">{PACK_SALE_TEXTS.couponsOfSale(sale.coupons.length)}</p>}

      {!voided && (
        <div className="sale-actions">
          <button type="button" className="btn btn-sm" disabled={busy} aria-label={`${PACK_SALE_TEXTS.correctLocation}: ${sale.packName}, RO# ${sale.saleRoNumber}`} onClick={() => actions.onCorrect(sale)}>
            {PACK_SALE_TEXTS.correctLocation}
          </button>
          {sale.status === 'pending' && actions.canFinalise && (
            <button type="button" className="btn btn-sm" disabled={busy} aria-label={`${PACK_SALE_TEXTS.finalise}: ${sale.packName}, RO# ${sale.saleRoNumber}`} onClick={() => actions.onFinalise(sale)}>
              {busy && <Spinner size="sm" label="Working..." />}
              {PACK_SALE_TEXTS.finalise}
            </button>
          )}
          {actions.canVoid && (
            <button type="button" className="btn btn-sm btn-danger-outline" disabled={busy} aria-label={`${PACK_SALE_TEXTS.voidSale}: ${sale.packName}, RO# ${sale.saleRoNumber}`} onClick={() => actions.onVoid(sale)}>
              {PACK_SALE_TEXTS.voidSale}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

export function PurchaseHistory({ customerId, slots, actions }: { customerId: string; slots: PackSaleSlots; actions: SaleActions }) {
  const purchases = useCustomerPurchases(customerId);
  if (purchases.isPending)
    return (
      <div className="empty-state">
        <Spinner label={PACK_SALE_TEXTS.historyLoading} />
      </div>
    );
  if (purchases.isError)
    return (
      <p className="field-error" role="alert">
        {purchases.error.message}
      </p>
    );
  if (purchases.data.length === 0) return <p className="empty-state">{PACK_SALE_TEXTS.historyEmpty}</p>;
  return (
    <div className="sale-list">
      {purchases.data.map((sale) => (
        <SaleArticle key={sale.saleId} sale={sale} slots={slots} actions={actions} />
      ))}
    </div>
  );
}
