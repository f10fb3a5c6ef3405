// Packs as a table (Name, Price, Term, Sold at, Coupons, Status, actions), or cards at 768 px and below.
import { formatMoney, type PackView } from '@dealer/contracts';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions/row-actions';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { couponCountText, locationsText, statusText, termText } from './pack-display';

interface PackListProps {
  packs: readonly PackView[];
  canUpdate: boolean;
  canChangeStatus: boolean;
  onOpen: (pack: PackView) => void;
  onEdit: (pack: PackView) => void;
  onToggleStatus: (pack: PackView) => void;
  /** The pack whose status is changing (its button shows it is busy). */
  busyId: string | null;
}

function StatusBadge({ status }: { status: PackView['status'] }) {
  return <span className={`status-badge is-${status}`}>{statusText(status)}</span>;
}

function Actions({ pack, canUpdate, canChangeStatus, onOpen, onEdit, onToggleStatus, busyId }: Omit<PackListProps, 'packs'> & { pack: PackView }) {
  const active = pack.status === 'active';
  return (
    <div className="catalogue-actions">
      <RowAction label="Coupons" what={`of ${pack.name}`} onClick={() => onOpen(pack)} />
      {canUpdate && active && <RowAction label="Edit" what={pack.name} onClick={() => onEdit(pack)} />}
      {canChangeStatus && (
        <RowAction label={active ? 'Disable' : 'Enable'} what={pack.name} danger={active} onClick={() => onToggleStatus(pack)} disabled={busyId === pack.packId} />
      )}
    </div>
  );
}

export function PackList(props: PackListProps) {
  const isMobile = useIsMobile();
  const { packs } = props;
  if (isMobile)
    return (
      <ul className="card-list" aria-label="Packs">
        {packs.map((p) => (
          <li key={p.packId} className="card catalogue-card">
            <div className="catalogue-card-head">
              <strong>{p.name}</strong>
              <StatusBadge status={p.status} />
            </div>
            <dl className="card-fields">
              <dt>Price</dt>
              <dd>{formatMoney(p.price)}</dd>
              <dt>Term</dt>
              <dd>{termText(p)}</dd>
              <dt>Sold at</dt>
              <dd>{locationsText(p)}</dd>
              <dt>Coupons</dt>
              <dd>{couponCountText(p.items)}</dd>
            </dl>
            <Actions {...props} pack={p} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table catalogue-table">
        <caption className="visually-hidden">Coupon packs, by name</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Price</th>
            <th scope="col">Term</th>
            <th scope="col">Sold at</th>
            <th scope="col">Coupons</th>
            <th scope="col">Status</th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {packs.map((p) => (
            <tr key={p.packId} className={p.status === 'disabled' ? 'is-disabled' : undefined}>
              <td className="catalogue-name">
                <strong>{p.name}</strong>
                {p.description && <div className="muted catalogue-description">{p.description}</div>}
              </td>
              <td className="nowrap">{formatMoney(p.price)}</td>
              <td>{termText(p)}</td>
              <td className="catalogue-note">{locationsText(p)}</td>
              <td>{couponCountText(p.items)}</td>
              <td>
                <StatusBadge status={p.status} />
              </td>
              <td className="catalogue-actions-cell">
                <Actions {...props} pack={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
