// A pack's detail: its terms and its coupons with quantities. Managers and admins add a coupon (the search
// dialog, then a quantity) and remove one after SPEC 8's confirmation, while the pack is active.
import { COUPON_MESSAGES, formatMoney, type CouponView, type PackItemView, type PackView } from '@dealer/contracts';
import { useState } from 'react';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Modal } from '../../../components/ui/modal/modal';
import { confirm } from '../../../components/ui/modal/notification-store';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions/row-actions';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { answerMessage } from '../../../lib/command-answer';
import { usePack } from '../api/get-pack';
import { useRemovePackCoupon } from '../api/remove-pack-coupon';
import { CouponPickerDialog } from './coupon-picker-dialog';
import { locationsText, statusText, termText } from './pack-display';
import { PACK_MESSAGES, PACK_TEXTS } from './pack-texts';
import { QuantityDialog } from './quantity-dialog';

interface PackDetailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pack as the list showed it (shown at once, then reloaded). */
  pack: PackView | null;
  canChangeCoupons: boolean;
}

function RemoveButton({ item, onRemove, busy }: { item: PackItemView; onRemove: (item: PackItemView) => void; busy: boolean }) {
  return <RowAction label="Remove" what={item.couponName} danger onClick={() => onRemove(item)} disabled={busy} />;
}

function Items({ items, canRemove, onRemove, removingId }: { items: readonly PackItemView[]; canRemove: boolean; onRemove: (item: PackItemView) => void; removingId: string | null }) {
  const isMobile = useIsMobile();
  if (items.length === 0) return <p className="empty-state">{PACK_TEXTS.noCoupons}</p>;
  if (isMobile)
    return (
      <ul className="card-list" aria-label="Coupons in the pack">
        {items.map((i) => (
          <li key={i.couponId} className="card catalogue-card">
            <div className="catalogue-card-head">
              <strong>{i.couponName}</strong>
              <span className="pack-quantity">× {i.quantity}</span>
            </div>
            <dl className="card-fields">
              <dt>Worth each</dt>
              <dd>{formatMoney(i.standAloneValue)}</dd>
              <dt>Status</dt>
              <dd>{statusText(i.couponStatus)}</dd>
            </dl>
            {canRemove && (
              <div className="catalogue-actions">
                <RemoveButton item={i} onRemove={onRemove} busy={removingId === i.couponId} />
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Coupons in the pack</caption>
        <thead>
          <tr>
            <th scope="col">Coupon</th>
            <th scope="col">Quantity</th>
            <th scope="col">Worth each</th>
            <th scope="col">Status</th>
            {canRemove && <ActionsHeader />}
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.couponId}>
              <td>
                <strong>{i.couponName}</strong>
              </td>
              <td>{i.quantity}</td>
              <td className="nowrap">{formatMoney(i.standAloneValue)}</td>
              <td>
                <span className={`status-badge is-${i.couponStatus}`}>{statusText(i.couponStatus)}</span>
              </td>
              {canRemove && (
                <td className="catalogue-actions-cell">
                  <RemoveButton item={i} onRemove={onRemove} busy={removingId === i.couponId} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Detail({ initial, canChangeCoupons, onClose }: { initial: PackView; canChangeCoupons: boolean; onClose: () => void }) {
  const query = usePack(initial.packId, initial);
  const pack = query.data ?? initial;
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<CouponView | null>(null);
  const remove = useRemovePackCoupon({
    onSuccess: (answer) => toast.success(answerMessage(answer, PACK_MESSAGES.couponRemoved)),
    onError: (error) => toast.errors(error.messages),
  });
  const active = pack.status === 'active';
  const canChange = canChangeCoupons && active;

  const onRemove = async (item: PackItemView) => {
    // SPEC 8's remove confirmation names the item removed: the coupon (the pack stays).
    const message = [COUPON_MESSAGES.removeConfirm, PACK_TEXTS.removeDetail(item.couponName, pack.name)];
    if (await confirm({ message, variant: 'danger' })) remove.mutate({ packId: pack.packId, couponId: item.couponId });
  };

  return (
    <>
      <div className="modal-body pack-detail">
        <dl className="card-fields pack-detail-terms">
          <dt>Price</dt>
          <dd>{formatMoney(pack.price)}</dd>
          <dt>{PACK_TEXTS.worth}</dt>
          <dd>{formatMoney(pack.standAloneTotal)}</dd>
          <dt>Term</dt>
          <dd>{termText(pack)}</dd>
          <dt>Sold at</dt>
          <dd>{locationsText(pack)}</dd>
          <dt>Status</dt>
          <dd>{statusText(pack.status)}</dd>
        </dl>
        {pack.description && <p className="muted pack-detail-description">{pack.description}</p>}
        <div className="pack-detail-heading">
          <h3>{PACK_TEXTS.coupons}</h3>
          {query.isFetching && <Spinner size="sm" label="Refreshing..." />}
        </div>
        {query.isError && <ErrorMessages error={query.error} className="alert alert-danger" />}
        {canChangeCoupons && !active && <p className="banner">{PACK_TEXTS.disabledNote}</p>}
        <Items items={pack.items} canRemove={canChange} onRemove={(item) => void onRemove(item)} removingId={remove.isPending ? (remove.variables?.couponId ?? null) : null} />
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
        {canChange && (
          <button type="button" className="btn btn-primary" onClick={() => setPicking(true)}>
            {PACK_TEXTS.addCoupon}
          </button>
        )}
      </div>
      <CouponPickerDialog
        open={picking}
        onCancel={() => setPicking(false)}
        onPicked={(coupon) => {
          setPicking(false);
          setChosen(coupon);
        }}
      />
      <QuantityDialog
        packId={pack.packId}
        coupon={chosen}
        existing={chosen ? (pack.items.find((i) => i.couponId === chosen.couponId)?.quantity ?? null) : null}
        onDone={() => setChosen(null)}
      />
    </>
  );
}

export function PackDetailDialog({ open, onOpenChange, pack, canChangeCoupons }: PackDetailDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={pack ? PACK_TEXTS.detailTitle(pack.name) : ''} size="lg">
      {open && pack && <Detail key={pack.packId} initial={pack} canChangeCoupons={canChangeCoupons} onClose={() => onOpenChange(false)} />}
    </Modal>
  );
}
