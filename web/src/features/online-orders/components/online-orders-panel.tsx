// Online orders (issue 13), a section of /employee/packs for managers and admins (the access list's GET of
// 'online-order-list'; nothing renders for anyone else): the orders customers placed online, newest first, by status
// and location (managers: the locations they manage; the Location list offers only those), as a table, or cards on a phone. Failed payments show the card's message; refunds their amount.
import { useId, useState } from 'react';
import { formatDateTime, formatMoney, permissionsFor } from '@dealer/contracts';
import { ONLINE_ORDER_STATUSES, type OnlineOrderListItem, type OnlineOrderStatus } from '@dealer/contracts/online-orders/status';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { SelectField } from '../../../components/ui/form/select-field';
import { Pager } from '../../../components/ui/pager/pager';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useSession } from '../../../lib/auth/use-session';
import { useOnlineOrders } from '../api/list-online-orders';
import { ONLINE_ORDER_TEXTS as T, STATUS_LABELS, STATUS_TONES, orderDetails } from './online-order-texts';
import './online-orders.css';

const PAGE = 25;

export interface OnlineOrdersPanelProps {
  /** The locations to filter by (the route lends the locations feature's list). */
  locations: readonly { locationId: number; locationName: string }[];
}

export function OnlineOrdersPanel(props: OnlineOrdersPanelProps) {
  const session = useSession();
  if (!permissionsFor(session?.payload.access.list, 'online-order-list').canGet) return null;
  return <OrdersSection {...props} />;
}

const locationOf = (o: OnlineOrderListItem) => o.locationName ?? `Location ${o.locationId}`;

function StatusBadge({ o }: { o: OnlineOrderListItem }) {
  return <span className={`tone-badge ${STATUS_TONES[o.status]}`}>{STATUS_LABELS[o.status]}</span>;
}

function OrdersSection({ locations }: OnlineOrdersPanelProps) {
  const titleId = useId();
  const isMobile = useIsMobile();
  const [status, setStatus] = useState<OnlineOrderStatus | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);
  const list = useOnlineOrders({ status, locationId, limit: PAGE, offset });

  const statusOptions = [{ value: '', label: T.allStatuses }, ...ONLINE_ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))];
  // Only the locations the list can cover (the server narrows managers to the locations they manage).
  const covered = list.data?.metaData.locationIds;
  const ownLocations = covered ? locations.filter((l) => covered.includes(l.locationId)) : locations;
  const locationOptions = [{ value: '', label: T.allLocations }, ...ownLocations.map((l) => ({ value: String(l.locationId), label: l.locationName }))];
  const orders = list.data?.dataSet ?? [];

  return (
    <section className="panel online-orders" aria-labelledby={titleId}>
      <h2 id={titleId}>{T.title}</h2>
      <p className="muted panel-intro">{T.intro}</p>
      <div className="online-orders-filters">
        <SelectField
          label={T.status}
          options={statusOptions}
          value={status ?? ''}
          onChange={(e) => {
            setStatus((e.target.value || null) as OnlineOrderStatus | null);
            setOffset(0);
          }}
        />
        <SelectField
          label={T.location}
          options={locationOptions}
          value={locationId === null ? '' : String(locationId)}
          onChange={(e) => {
            setLocationId(e.target.value ? Number(e.target.value) : null);
            setOffset(0);
          }}
        />
      </div>
      {list.isPending ? (
        <div className="empty-state">
          <Spinner label={T.loading} />
        </div>
      ) : list.isError ? (
        <ErrorMessages error={list.error} className="empty-state" />
      ) : orders.length === 0 ? (
        <p className="empty-state">{T.none}</p>
      ) : isMobile ? (
        <ul className="card-list" aria-label={T.caption}>
          {orders.map((o) => (
            <li key={o.orderId} className="card">
              <strong>{o.packName ?? o.packId}</strong> <StatusBadge o={o} />
              <dl className="card-fields">
                <dt>{T.placed}</dt>
                <dd>{formatDateTime(o.placedAt)}</dd>
                <dt>{T.customer}</dt>
                <dd>{o.customerName ?? '-'}</dd>
                <dt>{T.location}</dt>
                <dd>{locationOf(o)}</dd>
                <dt>{T.total}</dt>
                <dd>{formatMoney(o.total)}</dd>
                <dt>{T.details}</dt>
                <dd>{orderDetails(o) || '-'}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.placed}</th>
                <th scope="col">{T.customer}</th>
                <th scope="col">{T.pack}</th>
                <th scope="col">{T.location}</th>
                <th scope="col" className="online-orders-num">
                  {T.total}
                </th>
                <th scope="col">{T.status}</th>
                <th scope="col">{T.details}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.orderId}>
                  <td className="nowrap">{formatDateTime(o.placedAt)}</td>
                  <td>{o.customerName ?? '-'}</td>
                  <td>{o.packName ?? o.packId}</td>
                  <td>{locationOf(o)}</td>
                  <td className="online-orders-num">{formatMoney(o.total)}</td>
                  <td>
                    <StatusBadge o={o} />
                  </td>
                  <td>{orderDetails(o)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && <Pager total={list.data.metaData.total} limit={PAGE} offset={offset} onOffsetChange={setOffset} label={T.pages} />}
    </section>
  );
}
