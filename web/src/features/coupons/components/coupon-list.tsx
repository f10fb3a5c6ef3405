// Coupons as a table (Name, Op codes, Value, Labour, Validity, Per RO, Honoured at, Status, actions), or cards
// at 768 px and below.
import { todayHere, type CouponView } from '@dealer/contracts';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions/row-actions';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { couponStatus, laborTypesText, locationsText, perRoText, validityText, valueParts, valueText } from './coupon-display';

interface CouponListProps {
  coupons: readonly CouponView[];
  canUpdate: boolean;
  canChangeStatus: boolean;
  onEdit: (coupon: CouponView) => void;
  onToggleStatus: (coupon: CouponView) => void;
  /** The coupon whose status is changing (its button shows it is busy). */
  busyId: string | null;
}

function StatusBadge({ coupon }: { coupon: Pick<CouponView, 'status' | 'validity'> }) {
  const { key, text } = couponStatus(coupon, todayHere());
  return <span className={`status-badge is-${key}`}>{text}</span>;
}

function ValueCell({ value }: { value: CouponView['value'] }) {
  const { main, note } = valueParts(value);
  return (
    <>
      <div>{main}</div>
      {note && <div className="muted catalogue-note">{note}</div>}
    </>
  );
}

function OpCodes({ codes }: { codes: readonly string[] }) {
  return (
    <span className="coupon-opcodes">
      {codes.map((c) => (
        <code key={c} className="coupon-opcode">
          {c}
        </code>
      ))}
    </span>
  );
}

function Actions({ coupon, canUpdate, canChangeStatus, onEdit, onToggleStatus, busyId }: Omit<CouponListProps, 'coupons'> & { coupon: CouponView }) {
  const active = coupon.status === 'active';
  return (
    <div className="catalogue-actions">
      {canUpdate && active && <RowAction label="Edit" what={coupon.name} onClick={() => onEdit(coupon)} />}
      {canChangeStatus && (
        <RowAction label={active ? 'Disable' : 'Enable'} what={coupon.name} danger={active} onClick={() => onToggleStatus(coupon)} disabled={busyId === coupon.couponId} />
      )}
    </div>
  );
}

export function CouponList(props: CouponListProps) {
  const isMobile = useIsMobile();
  const { coupons, canUpdate, canChangeStatus } = props;
  const hasActions = canUpdate || canChangeStatus;
  if (isMobile)
    return (
      <ul className="card-list" aria-label="Coupons">
        {coupons.map((c) => (
          <li key={c.couponId} className="card catalogue-card">
            <div className="catalogue-card-head">
              <strong>{c.name}</strong>
              <StatusBadge coupon={c} />
            </div>
            <dl className="card-fields">
              <dt>Op codes</dt>
              <dd>
                <OpCodes codes={c.opCodes} />
              </dd>
              <dt>Value</dt>
              <dd>{valueText(c.value)}</dd>
              <dt>Labour</dt>
              <dd>{laborTypesText(c.laborTypes)}</dd>
              <dt>Valid</dt>
              <dd>{validityText(c.validity)}</dd>
              <dt>Per RO</dt>
              <dd>{perRoText(c)}</dd>
              <dt>Honoured at</dt>
              <dd>{locationsText(c)}</dd>
            </dl>
            {hasActions && <Actions {...props} coupon={c} />}
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table catalogue-table">
        <caption className="visually-hidden">Coupons, by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Op codes</th>
            <th scope="col">Value</th>
            <th scope="col">Labour</th>
            <th scope="col">Valid</th>
            <th scope="col">Per RO</th>
            <th scope="col">Honoured at</th>
            <th scope="col">Status</th>
            {hasActions && <ActionsHeader />}
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.couponId} className={c.status === 'disabled' ? 'is-disabled' : undefined}>
              <td className="catalogue-name">
                <strong>{c.name}</strong>
                {c.description && <div className="muted catalogue-description">{c.description}</div>}
              </td>
              <td>
                <OpCodes codes={c.opCodes} />
              </td>
              <td>
                <ValueCell value={c.value} />
              </td>
              <td>{c.laborTypes.join(', ')}</td>
              <td>{validityText(c.validity)}</td>
              <td>{perRoText(c)}</td>
              <td className="catalogue-note">{locationsText(c)}</td>
              <td>
                <StatusBadge coupon={c} />
              </td>
              {hasActions && (
                <td className="catalogue-actions-cell">
                  <Actions {...props} coupon={c} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
