// The book's coupons: number, name, expiry and status with the redemption's RO, location, amount and time; Void
// on a redemption for whoever may (a table, cards at 768 px and below, SPEC 9).
import { formatDateTime, formatMoney, type PaperCouponView } from '@dealer/contracts';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { PAPER_COUPON_STATUS_LABELS, PAPER_COUPON_STATUS_TONES, PAPER_TEXTS, locationLabel, paperExpiryLabel } from './paper-conversion-texts';

export interface PaperCouponListProps {
  coupons: readonly PaperCouponView[];
  /** Whether Void is offered on this coupon's redemption. */
  canVoid: (coupon: PaperCouponView) => boolean;
  /** The coupon whose command is running (its button is disabled). */
  busyNumber: number | null;
  onVoid: (coupon: PaperCouponView) => void;
}

function StatusBadge({ coupon }: { coupon: PaperCouponView }) {
  return <span className={`tone-badge tone-${PAPER_COUPON_STATUS_TONES[coupon.status]}`}>{PAPER_COUPON_STATUS_LABELS[coupon.status]}</span>;
}

function RedemptionDetails({ coupon }: { coupon: PaperCouponView }) {
  const r = coupon.redemption;
  if (!r) return null;
  return (
    <span className="paper-redemption">
      <span className="paper-note">{PAPER_TEXTS.redeemedOn(r.roNumber, locationLabel(r.locationName, r.locationId), formatMoney(r.amount))}</span>
      <span className="paper-note">{PAPER_TEXTS.opCode(r.opCode)}</span>
      <span className="paper-note">{PAPER_TEXTS.redeemedWhen(formatDateTime(r.redeemedAt), r.redeemedByName)}</span>
    </span>
  );
}

function VoidButton({ coupon, canVoid, busyNumber, onVoid }: { coupon: PaperCouponView } & Omit<PaperCouponListProps, 'coupons'>) {
  if (!coupon.redemption || !canVoid(coupon)) return null;
  return (
    <div className="paper-coupon-actions">
      <button
        type="button"
        className="btn btn-danger btn-sm"
        disabled={busyNumber === coupon.number}
        aria-label={PAPER_TEXTS.voidLabel(coupon.number, coupon.name)}
        onClick={() => onVoid(coupon)}
      >
        {PAPER_TEXTS.void}
      </button>
    </div>
  );
}

export function PaperCouponList(props: PaperCouponListProps) {
  const isMobile = useIsMobile();
  const { coupons } = props;
  if (isMobile)
    return (
      <ul className="card-list" aria-label={PAPER_TEXTS.couponsTitle}>
        {coupons.map((c) => (
          <li key={c.number} className="card">
            <div className="paper-card-head">
              <strong>
                {c.number}. {c.name}
              </strong>
              <StatusBadge coupon={c} />
            </div>
            <p className="paper-card-expiry">{paperExpiryLabel(c)}</p>
            {c.redemption && (
              <dl className="card-fields">
                <dt>{PAPER_TEXTS.redeemedLabel}</dt>
                <dd>
                  <RedemptionDetails coupon={c} />
                </dd>
              </dl>
            )}
            <VoidButton coupon={c} {...props} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table paper-coupon-table">
        <caption className="visually-hidden">{PAPER_TEXTS.couponsTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{PAPER_TEXTS.number}</th>
            <th scope="col">{PAPER_TEXTS.coupon}</th>
            <th scope="col">{PAPER_TEXTS.expires}</th>
            <th scope="col">{PAPER_TEXTS.status}</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.number}>
              <td>{c.number}</td>
              <td>
                {c.name}
                {c.description && <span className="paper-note">{c.description}</span>}
              </td>
              <td className="nowrap">{paperExpiryLabel(c)}</td>
              <td>
                <StatusBadge coupon={c} />
                <RedemptionDetails coupon={c} />
                <VoidButton coupon={c} {...props} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
