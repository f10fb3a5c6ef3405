// Redemptions on voided ROs as a table (Coupon, Customer, RO#, Op code, Amount off, Redeemed, actions), or cards
// at SPEC's mobile breakpoint. Each Void and Keep button names its coupon and RO to screen readers.
import type { VoidedRoRedemptionView } from '@dealer/contracts';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions/row-actions';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { REVIEW_TEXTS, amountLabel, couponLabel, customerLabel, locationOf, redeemedLabel, roVoidDateLabel } from './redemption-review-texts';

export interface ReviewListProps {
  redemptions: readonly VoidedRoRedemptionView[];
  onVoid: (r: VoidedRoRedemptionView) => void;
  /** Absent when the user may not keep (the button is not shown). */
  onKeep?: (r: VoidedRoRedemptionView) => void;
  /** The redemption whose command runs (its buttons are disabled). */
  busyId: string | null;
}

function Actions({ r, onVoid, onKeep, busyId }: Omit<ReviewListProps, 'redemptions'> & { r: VoidedRoRedemptionView }) {
  const what = `${couponLabel(r)} on RO# ${r.roNumber}`;
  const busy = busyId === r.redemptionId;
  return (
    <div className="review-actions">
      <RowAction label={REVIEW_TEXTS.void} what={what} danger disabled={busy} onClick={() => onVoid(r)} />
      {onKeep && <RowAction label={REVIEW_TEXTS.keep} what={what} disabled={busy} onClick={() => onKeep(r)} />}
    </div>
  );
}

function RoCell({ r }: { r: VoidedRoRedemptionView }) {
  return (
    <>
      <strong>{r.roNumber}</strong>
      <span className="muted review-note review-block">{locationOf(r)}</span>
      <span className="tone-badge tone-warning review-block">{REVIEW_TEXTS.roVoided(roVoidDateLabel(r))}</span>
    </>
  );
}

export function VoidedRoRedemptionList(props: ReviewListProps) {
  const isMobile = useIsMobile();
  const { redemptions } = props;
  if (isMobile)
    return (
      <ul className="card-list" aria-label={REVIEW_TEXTS.title}>
        {redemptions.map((r) => (
          <li key={r.redemptionId} className="card review-card">
            <strong>{couponLabel(r)}</strong>
            <dl className="card-fields">
              <dt>{REVIEW_TEXTS.customer}</dt>
              <dd>{customerLabel(r)}</dd>
              <dt>{REVIEW_TEXTS.ro}</dt>
              <dd>
                <RoCell r={r} />
              </dd>
              <dt>{REVIEW_TEXTS.opCode}</dt>
              <dd>{r.opCode}</dd>
              <dt>{REVIEW_TEXTS.amount}</dt>
              <dd>{amountLabel(r)}</dd>
              <dt>{REVIEW_TEXTS.redeemed}</dt>
              <dd>{redeemedLabel(r)}</dd>
            </dl>
            <Actions {...props} r={r} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{REVIEW_TEXTS.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{REVIEW_TEXTS.coupon}</th>
            <th scope="col">{REVIEW_TEXTS.customer}</th>
            <th scope="col">{REVIEW_TEXTS.ro}</th>
            <th scope="col">{REVIEW_TEXTS.opCode}</th>
            <th scope="col" className="review-num">
              {REVIEW_TEXTS.amount}
            </th>
            <th scope="col">{REVIEW_TEXTS.redeemed}</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {redemptions.map((r) => (
            <tr key={r.redemptionId}>
              <td>{couponLabel(r)}</td>
              <td>{customerLabel(r)}</td>
              <td>
                <RoCell r={r} />
              </td>
              <td className="nowrap">{r.opCode}</td>
              <td className="review-num">{amountLabel(r)}</td>
              <td>{redeemedLabel(r)}</td>
              <td className="review-actions-cell">
                <Actions {...props} r={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
