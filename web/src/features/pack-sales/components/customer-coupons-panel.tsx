// The selected customer's coupons for staff: each with its status, expiry, offer and where it is honoured, its
// redemption, and Redeem / Void / Change RO # (issue 12); a table, cards at 768 px and below (SPEC 9).
import { useId, useState } from 'react';
import { COUPON_REDEMPTION_MESSAGES, permissionsFor, type CustomerCouponView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { VoidReasonDialog } from '../../../components/ui/void-reason/void-reason-dialog';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useSession } from '../../../lib/auth/use-session';
import { useChangeRedemptionRo } from '../api/change-redemption-ro';
import { useCustomerCoupons } from '../api/get-customer-coupons';
import { useRedeemCoupon } from '../api/redeem-coupon';
import { useVoidRedemption } from '../api/void-redemption';
import { CouponCard } from './coupon-card';
import { CouponRedemptionButtons, CouponRedemptionDetails, type CouponRedemptionActions } from './coupon-redemption';
import type { PackSaleSlots } from './pack-sale-slots';
import { RedemptionRefusal } from './redemption-refusal';
import { REDEMPTION_TEXTS } from './redemption-texts';
import { CouponStatusBadge } from './sale-badges';
import { PACK_SALE_TEXTS, describeOffer, expiryLabel, locationList } from './pack-sale-texts';
import './pack-sales.css';

/** SPEC 2.5: the RO dialog's type when redeeming (and when changing a redemption's RO). */
const REDEMPTION_RO_TYPE = 'Redemption';

interface CouponListProps {
  coupons: CustomerCouponView[];
  actions: CouponRedemptionActions;
}

function CouponCards({ coupons, actions }: CouponListProps) {
  return (
    <ul className="card-list" aria-label={PACK_SALE_TEXTS.couponsTitle}>
      {coupons.map((c) => (
        <CouponCard key={c.issuedCouponId} coupon={c} actions={<CouponRedemptionButtons coupon={c} actions={actions} />}>
          <dt>{PACK_SALE_TEXTS.offer}</dt>
          <dd>{describeOffer(c.value)}</dd>
          <dt>{PACK_SALE_TEXTS.honouredAt}</dt>
          <dd>{locationList(c.locationNames, c.locationIds)}</dd>
          <dt>{PACK_SALE_TEXTS.pack}</dt>
          <dd>{c.packName}</dd>
          {c.redemption && (
            <>
              <dt>{REDEMPTION_TEXTS.redemption}</dt>
              <dd>
                <CouponRedemptionDetails coupon={c} />
              </dd>
            </>
          )}
        </CouponCard>
      ))}
    </ul>
  );
}

function CouponTable({ coupons, actions }: CouponListProps) {
  return (
    <div className="table-wrap">
      <table className="table customer-coupon-table">
        <caption className="visually-hidden">{PACK_SALE_TEXTS.couponsTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{PACK_SALE_TEXTS.coupon}</th>
            <th scope="col">{PACK_SALE_TEXTS.offer}</th>
            <th scope="col">{PACK_SALE_TEXTS.expires}</th>
            <th scope="col">{PACK_SALE_TEXTS.status}</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.issuedCouponId}>
              {/* Where it is honoured sits under the name: a column of its own wrapped word by word at 1366 px. */}
              <td>
                {c.name}
                <span className="detail-note sale-block">
                  {PACK_SALE_TEXTS.honouredAt}: {locationList(c.locationNames, c.locationIds)}
                </span>
                <span className="detail-note sale-block">{PACK_SALE_TEXTS.fromPack(c.packName)}</span>
              </td>
              <td>{describeOffer(c.value)}</td>
              <td className="nowrap">{expiryLabel(c)}</td>
              <td>
                <CouponStatusBadge status={c.status} />
                <CouponRedemptionDetails coupon={c} />
                {/* The buttons sit with the status they change: a column of their own does not fit beside the customer. */}
                <CouponRedemptionButtons coupon={c} actions={actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RoDialogState {
  mode: 'redeem' | 'change';
  coupon: CustomerCouponView;
}

interface Refusal {
  messages: readonly string[];
  verificationNeeded: boolean;
}

interface CustomerCouponsPanelProps {
  customerId: string;
  customerName: string;
  /** The Enter RO # dialog, lent by the route (features do not import each other). */
  slots: Pick<PackSaleSlots, 'renderEnterRo'>;
}

export function CustomerCouponsPanel({ customerId, customerName, slots }: CustomerCouponsPanelProps) {
  const titleId = useId();
  const isMobile = useIsMobile();
  const coupons = useCustomerCoupons(customerId);
  const access = useSession()?.payload?.access.list;
  const [roDialog, setRoDialog] = useState<RoDialogState | null>(null);
  const [voiding, setVoiding] = useState<CustomerCouponView | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const redeem = useRedeemCoupon({
    onSuccess: (answer) => {
      setRefusal(null);
      toast.success(answer.message || COUPON_REDEMPTION_MESSAGES.redeemed);
    },
    onError: (error) => setRefusal({ messages: error.messages, verificationNeeded: error.status === 412 }),
  });
  const changeRo = useChangeRedemptionRo({
    onSuccess: (answer) => {
      setRefusal(null);
      toast.success(answer.message || COUPON_REDEMPTION_MESSAGES.roChanged);
    },
    onError: (error) => setRefusal({ messages: error.messages, verificationNeeded: false }),
  });
  const voidRedemption = useVoidRedemption({
    onSuccess: (answer) => {
      setVoiding(null);
      setRefusal(null);
      toast.success(answer.message || COUPON_REDEMPTION_MESSAGES.voided);
    },
    onError: (error) => toast.errors(error.messages),
  });

  const running = [redeem, changeRo, voidRedemption].find((m) => m.isPending);
  const actions: CouponRedemptionActions = {
    canRedeem: permissionsFor(access, 'coupon-redemptions').canAdd,
    canChangeRo: permissionsFor(access, 'coupon-redemptions').canUpdate,
    canVoid: permissionsFor(access, 'coupon-redemption-voids').canAdd,
    busyCouponId: running?.variables?.issuedCouponId ?? null,
    onRedeem: (coupon) => setRoDialog({ mode: 'redeem', coupon }),
    onChangeRo: (coupon) => setRoDialog({ mode: 'change', coupon }),
    onVoid: (coupon) => setVoiding(coupon),
  };

  const closeRoDialog = (result: { roNumber: string; locationId: number } | null) => {
    const current = roDialog;
    setRoDialog(null);
    if (!current || !result) return;
    const { coupon } = current;
    if (current.mode === 'redeem') redeem.mutate({ issuedCouponId: coupon.issuedCouponId, customerId, ...result });
    else if (coupon.redemption) changeRo.mutate({ issuedCouponId: coupon.issuedCouponId, redemptionId: coupon.redemption.redemptionId, customerId, ...result });
  };
  // A pending pack's coupon is redeemed only where the pack was sold (SPEC 2.5's warning, location locked).
  const pending = roDialog?.mode === 'redeem' && roDialog.coupon.saleStatus === 'pending';
  const roInitial = !roDialog
    ? undefined
    : roDialog.mode === 'change' && roDialog.coupon.redemption
      ? { roNumber: roDialog.coupon.redemption.roNumber, locationId: roDialog.coupon.redemption.locationId }
      : pending
        ? { locationId: roDialog.coupon.soldLocationId }
        : undefined;

  return (
    <section className="panel customer-coupons-panel" aria-labelledby={titleId}>
      <div className="section-header">
        <div>
          <h2 id={titleId}>{PACK_SALE_TEXTS.couponsTitle}</h2>
          <p className="muted panel-intro">{PACK_SALE_TEXTS.couponsIntro(customerName)}</p>
        </div>
      </div>
      {refusal && <RedemptionRefusal {...refusal} onDismiss={() => setRefusal(null)} />}
      {coupons.isPending ? (
        <div className="empty-state">
          <Spinner label={PACK_SALE_TEXTS.couponsLoading} />
        </div>
      ) : coupons.isError ? (
        <p className="field-error" role="alert">
          {coupons.error.message}
        </p>
      ) : coupons.data.length === 0 ? (
        <p className="empty-state">{PACK_SALE_TEXTS.couponsEmpty}</p>
      ) : isMobile ? (
        <CouponCards coupons={coupons.data} actions={actions} />
      ) : (
        <CouponTable coupons={coupons.data} actions={actions} />
      )}

      {slots.renderEnterRo({
        open: roDialog !== null,
        type: REDEMPTION_RO_TYPE,
        initial: roInitial,
        pending,
        locationLocked: pending,
        onClose: closeRoDialog,
      })}
      <VoidReasonDialog
        open={voiding !== null}
        loading={voidRedemption.isPending}
        description={voiding?.redemption ? REDEMPTION_TEXTS.voidDescription(voiding.name, voiding.redemption.roNumber) : undefined}
        onClose={(reason) => {
          if (reason === null) setVoiding(null);
          else if (voiding?.redemption)
            voidRedemption.mutate({ issuedCouponId: voiding.issuedCouponId, redemptionId: voiding.redemption.redemptionId, customerId, reason });
        }}
      />
    </section>
  );
}
