// The customer's coupon packs (My Coupons): each pack bought, where and when, what it cost and how long it is good
// for, with its coupons: value in plain words, where it is good, until when, and what became of it (used where and
// when, expired, cancelled). A table per pack on larger screens, cards at 768 px and below (SPEC 9).
// The route lends the purchases (the pack-sales feature reads them; features do not import each other).
import { useId, useState, type ReactNode } from 'react';
import { couponPlacesWords, formatMoney, type CustomerCouponView, type PackSaleView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import {
  COUPON_STATUS_WORDS,
  CUSTOMER_AREA_TEXTS as T,
  SALE_STATUS_WORDS,
  couponUseWords,
  couponValueWords,
  formatDay,
  groupCoupons,
  groupName,
  paperBookOf,
  placeWords,
  termWords,
  type CouponGroup,
} from './customer-area-texts';
import { StatusBadge } from './status-badge';
import { lazyDialog } from '../../../components/ui/modal/lazy-dialog';
import type { DeskCodeDialogProps } from './desk-code-dialog';
import './customer-area.css';

// Issue 24: the QR view loads when first opened (the QR library stays out of the page's first load).
const DeskCodeDialog = lazyDialog<DeskCodeDialogProps>(() => import('./desk-code-dialog').then((m) => m.DeskCodeDialog));

/** A coupon the customer can still use, with its desk code: its code and the "Show at the desk" button. */
function DeskCode({ coupon, onShow }: { coupon: CustomerCouponView; onShow: (c: CustomerCouponView) => void }) {
  if (coupon.status !== 'available' || !coupon.deskCode || coupon.redemption) return null;
  return (
    <span className="area-desk-code">
      <span className="area-note">
        {T.code} <span className="desk-code-inline">{coupon.deskCode}</span>
      </span>
      <button type="button" className="btn btn-sm" aria-label={T.showAtDeskLabel(coupon.name)} onClick={() => onShow(coupon)}>
        {T.showAtDesk}
      </button>
    </span>
  );
}

function CouponNotes({ coupon }: { coupon: CustomerCouponView }) {
  const use = couponUseWords(coupon);
  return (
    <>
      {coupon.description && <span className="area-note">{coupon.description}</span>}
      {use && <span className="area-note area-use">{use}</span>}
    </>
  );
}

interface CouponListProps {
  groups: CouponGroup[];
  label: string;
  onShow: (c: CustomerCouponView) => void;
}

function CouponTable({ groups, label, onShow }: CouponListProps) {
  return (
    <div className="table-wrap">
      <table className="table area-coupon-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{T.coupon}</th>
            <th scope="col">{T.value}</th>
            <th scope="col">{T.goodAt}</th>
            <th scope="col">{T.expires}</th>
            <th scope="col">{T.status}</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.key}>
              <td>
                <strong>{groupName(g)}</strong>
                <CouponNotes coupon={g.coupon} />
                <DeskCode coupon={g.coupon} onShow={onShow} />
              </td>
              <td>{couponValueWords(g.coupon.value)}</td>
              <td>{couponPlacesWords(g.coupon)}</td>
              <td className="nowrap">{formatDay(g.coupon.expiresOn)}</td>
              <td>
                <StatusBadge word={COUPON_STATUS_WORDS[g.coupon.status]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CouponCards({ groups, label, onShow }: CouponListProps) {
  return (
    <ul className="card-list" aria-label={label}>
      {groups.map((g) => (
        <li key={g.key} className="card area-coupon-card">
          <div className="area-card-head">
            <strong>{groupName(g)}</strong>
            <StatusBadge word={COUPON_STATUS_WORDS[g.coupon.status]} />
          </div>
          <CouponNotes coupon={g.coupon} />
          <dl className="card-fields">
            <dt>{T.value}</dt>
            <dd>{couponValueWords(g.coupon.value)}</dd>
            <dt>{T.goodAt}</dt>
            <dd>{couponPlacesWords(g.coupon)}</dd>
            <dt>{T.expires}</dt>
            <dd>{formatDay(g.coupon.expiresOn)}</dd>
          </dl>
          <DeskCode coupon={g.coupon} onShow={onShow} />
        </li>
      ))}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="area-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PackArticle({ sale, isMobile, onShow }: { sale: PackSaleView; isMobile: boolean; onShow: (c: CustomerCouponView) => void }) {
  const titleId = useId();
  const groups = groupCoupons(sale.coupons);
  const available = sale.coupons.filter((c) => c.status === 'available').length;
  const book = paperBookOf(sale);
  const place = placeWords(sale.locationName, sale.locationId);
  const label = T.couponsOf(sale.packName);
  return (
    <article className={`panel area-pack area-pack-${sale.status}`} aria-labelledby={titleId}>
      <header className="area-pack-head">
        <div>
          <h3 id={titleId}>{sale.packName}</h3>
          <p className="muted area-sub">{T.boughtAt(formatDay(sale.soldOn), place)}</p>
        </div>
        <div className="area-pack-badges">
          <StatusBadge word={SALE_STATUS_WORDS[sale.status]} />
          {sale.status !== 'voided' && <span className="area-left">{T.left(available, sale.coupons.length)}</span>}
        </div>
      </header>
      {book && <p className="area-note area-book">{T.paperBook(book)}</p>}
      {sale.status === 'pending' && <p className="area-callout area-callout-warning">{T.packPending(place)}</p>}
      {sale.status === 'voided' && <p className="area-callout area-callout-danger">{T.packVoided}</p>}
      {sale.packDescription && <p className="area-description">{sale.packDescription}</p>}
      <dl className="area-facts">
        <Fact label={T.goodFor}>{termWords(sale.termMonths, sale.termMileage)}</Fact>
        <Fact label={T.paid}>{formatMoney(sale.total)}</Fact>
      </dl>
      {groups.length > 0 &&
        (isMobile ? <CouponCards groups={groups} label={label} onShow={onShow} /> : <CouponTable groups={groups} label={label} onShow={onShow} />)}
    </article>
  );
}

export interface PurchasesState {
  isPending: boolean;
  error: Error | null;
  data: PackSaleView[] | undefined;
}

/** Active and pending packs first (newest first as answered), cancelled ones last. */
const byStatus = (sales: PackSaleView[]) => [...sales.filter((s) => s.status !== 'voided'), ...sales.filter((s) => s.status === 'voided')];

export function MyPacks({ purchases }: { purchases: PurchasesState }) {
  const titleId = useId();
  const isMobile = useIsMobile();
  const [showing, setShowing] = useState<CustomerCouponView | null>(null);
  let body: ReactNode;
  if (purchases.isPending) body = <div className="panel empty-state"><Spinner label={T.packsLoading} /></div>;
  else if (purchases.error)
    body = (
      <p className="alert alert-danger" role="alert">
        {purchases.error.message}
      </p>
    );
  else if (!purchases.data || purchases.data.length === 0) body = <p className="panel empty-state">{T.noPacks}</p>;
  else
    body = (
      <div className="area-pack-list">
        {byStatus(purchases.data).map((sale) => (
          <PackArticle key={sale.saleId} sale={sale} isMobile={isMobile} onShow={setShowing} />
        ))}
      </div>
    );
  return (
    <section className="area-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="area-section-title">
        {T.myPacks}
      </h2>
      {body}
      <DeskCodeDialog
        open={showing !== null}
        onOpenChange={(open) => !open && setShowing(null)}
        couponName={showing?.name ?? ''}
        code={showing?.deskCode ?? ''}
      />
    </section>
  );
}
