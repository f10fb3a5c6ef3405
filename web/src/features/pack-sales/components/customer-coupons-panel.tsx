// The selected customer's coupons for staff: each with its status, expiry, offer and where it is honoured, its
// redemption, and Redeem / Void / Change RO # (issue 12); a table, cards at 768 px and below (SPEC 9). A redemption
// refused with 412 leads to the customer's verification for its RO (lent by the route); once that is sent the
// coupon is redeemed again and held until the customer answers. Held coupons are read again while they wait.
// Issue 23: each coupon is listed once (not again under its sale), grouped by the pack it came with, with
// filters for available, used, expired and voided coupons; the pack is the group's heading, not a line per coupon.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { COUPON_REDEMPTION_MESSAGES, TIMINGS, couponPlacesWords, deskCodeStatusNote, permissionsFor, type CustomerCouponView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { VoidReasonDialog } from '../../../components/ui/void-reason/void-reason-dialog';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useSession } from '../../../lib/auth/use-session';
import { useChangeRedemptionRo } from '../api/change-redemption-ro';
import { useCustomerCoupons } from '../api/get-customer-coupons';
import { useRedeemCoupon, type RedeemCouponInput } from '../api/redeem-coupon';
import { useVoidRedemption } from '../api/void-redemption';
import { CouponCard } from './coupon-card';
import { CouponRedemptionButtons, CouponRedemptionDetails, CouponStateBadge, isAwaitingVerification, type CouponRedemptionActions } from './coupon-redemption';
import type { PackSaleSlots } from './pack-sale-slots';
import { RedemptionRefusal } from './redemption-refusal';
import { REDEMPTION_TEXTS } from './redemption-texts';
import { PACK_SALE_TEXTS, describeOffer, expiryLabel } from './pack-sale-texts';
import './pack-sales.css';

/** SPEC 2.5: the RO dialog's type when redeeming (and when changing a redemption's RO). */
const REDEMPTION_RO_TYPE = 'Redemption';

interface CouponListProps {
  coupons: CustomerCouponView[];
  actions: CouponRedemptionActions;
  /** Issue 24: the coupon whose desk code staff looked up: marked and scrolled to. */
  highlightId?: string | null;
}

/** Issue 24: a coupon's desk code under its name (staff read it to the customer, or match the one shown). */
function DeskCodeNote({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <span className="detail-note sale-block">
      {PACK_SALE_TEXTS.code}: <span className="desk-code-inline">{code}</span>
    </span>
  );
}

/** A coupon's row; the one found by its desk code (issue 24) is marked and scrolled into view. */
function HighlightRow({ highlighted, children }: { highlighted: boolean; children: ReactNode }) {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);
  return (
    <tr ref={ref} className={highlighted ? 'is-code-match' : undefined} aria-current={highlighted ? 'true' : undefined}>
      {children}
    </tr>
  );
}

function CouponCards({ coupons, actions, highlightId }: CouponListProps) {
  return (
    <ul className="card-list" aria-label={PACK_SALE_TEXTS.couponsTitle}>
      {coupons.map((c) => (
        <CouponCard key={c.issuedCouponId} coupon={c} highlighted={c.issuedCouponId === highlightId} actions={<CouponRedemptionButtons coupon={c} actions={actions} />}>
          <dt>{PACK_SALE_TEXTS.offer}</dt>
          <dd>{describeOffer(c.value)}</dd>
          <dt>{PACK_SALE_TEXTS.honouredAt}</dt>
          <dd>{couponPlacesWords(c)}</dd>
          {c.deskCode && (
            <>
              <dt>{PACK_SALE_TEXTS.code}</dt>
              <dd>
                <span className="desk-code-inline">{c.deskCode}</span>
              </dd>
            </>
          )}
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

function CouponTable({ coupons, actions, highlightId }: CouponListProps) {
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
            <HighlightRow key={c.issuedCouponId} highlighted={c.issuedCouponId === highlightId}>
              {/* Where it is honoured sits under the name: a column of its own wrapped word by word at 1366 px. */}
              <td>
                {c.name}
                <span className="detail-note sale-block">
                  {PACK_SALE_TEXTS.honouredAt}: {couponPlacesWords(c)}
                </span>
                <DeskCodeNote code={c.deskCode} />
              </td>
              <td>{describeOffer(c.value)}</td>
              <td className="nowrap">{expiryLabel(c)}</td>
              <td>
                <CouponStateBadge coupon={c} />
                <CouponRedemptionDetails coupon={c} />
                {/* The buttons sit with the status they change: a column of their own does not fit beside the customer. */}
                <CouponRedemptionButtons coupon={c} actions={actions} />
              </td>
            </HighlightRow>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The coupon filters (issue 23), with the statuses each shows. */
export const COUPON_FILTERS = [
  { key: 'all', label: 'All', statuses: null },
  { key: 'available', label: 'Available', statuses: ['available'] },
  { key: 'used', label: 'Used', statuses: ['redeemed'] },
  { key: 'expired', label: 'Expired', statuses: ['expired'] },
  { key: 'voided', label: 'Voided', statuses: ['voided'] },
] as const satisfies readonly { key: string; label: string; statuses: readonly CustomerCouponView['status'][] | null }[];
type CouponFilter = (typeof COUPON_FILTERS)[number]['key'];

const matches = (filter: (typeof COUPON_FILTERS)[number], c: CustomerCouponView) =>
  filter.statuses === null || (filter.statuses as readonly string[]).includes(c.status);

/** The coupons of one pack sale, in the order the read model gives them. */
interface PackGroup {
  saleId: string;
  packName: string;
  coupons: CustomerCouponView[];
}

function groupByPack(coupons: readonly CustomerCouponView[]): PackGroup[] {
  const groups = new Map<string, PackGroup>();
  for (const c of coupons) {
    const group = groups.get(c.saleId) ?? { saleId: c.saleId, packName: c.packName, coupons: [] };
    group.coupons.push(c);
    groups.set(c.saleId, group);
  }
  return [...groups.values()];
}

function CouponFilters({ coupons, value, onChange }: { coupons: readonly CustomerCouponView[]; value: CouponFilter; onChange: (f: CouponFilter) => void }) {
  return (
    <div className="coupon-filters" role="group" aria-label="Show coupons">
      {COUPON_FILTERS.map((f) => (
        <button
          key={f.key}
          type="button"
          className={f.key === value ? 'btn btn-sm coupon-filter is-active' : 'btn btn-sm coupon-filter'}
          aria-pressed={f.key === value}
          onClick={() => onChange(f.key)}
        >
          {f.label} ({coupons.filter((c) => matches(f, c)).length})
        </button>
      ))}
    </div>
  );
}

function CouponGroups({ coupons, actions, isMobile, highlightId }: CouponListProps & { isMobile: boolean }) {
  const groups = groupByPack(coupons);
  return (
    <div className="coupon-groups">
      {groups.map((g) => (
        <section key={g.saleId} className="coupon-group" aria-label={PACK_SALE_TEXTS.fromPack(g.packName)}>
          <h3 className="coupon-group-title">
            {g.packName} <span className="detail-note">({g.coupons.length})</span>
          </h3>
          {isMobile ? (
            <CouponCards coupons={g.coupons} actions={actions} highlightId={highlightId} />
          ) : (
            <CouponTable coupons={g.coupons} actions={actions} highlightId={highlightId} />
          )}
        </section>
      ))}
    </div>
  );
}

/** Issue 24: which coupon the looked-up code names, and whether it can be redeemed now. */
function CodeMatchNote({ highlight, coupons }: { highlight: { issuedCouponId: string; code: string }; coupons: readonly CustomerCouponView[] }) {
  const coupon = coupons.find((c) => c.issuedCouponId === highlight.issuedCouponId);
  if (!coupon) return null;
  const note = deskCodeStatusNote({ kind: 'coupon', status: coupon.status });
  return (
    <p className={note ? 'alert alert-danger code-match-note' : 'alert alert-info code-match-note'} role="status">
      {PACK_SALE_TEXTS.codeMatch(highlight.code, coupon.name)} {note ?? PACK_SALE_TEXTS.codeMatchReady}
    </p>
  );
}

interface RoDialogState {
  mode: 'redeem' | 'change';
  coupon: CustomerCouponView;
}

interface Refusal {
  messages: readonly string[];
  verificationNeeded: boolean;
  /** The redemption a 412 refused: redeemed again once the customer's verification for its RO is sent. */
  redemption?: RedeemCouponInput & { couponName: string };
}

/** An RO whose customer verification was asked for or started (a new id each time). */
export interface VerificationRo {
  id: number;
  roNumber: string;
  locationId: number;
}

/** The customer's redemption verification, lent by the route (its own feature's panel starts and follows it). */
export interface CouponVerificationLink {
  /** Opens the verification of the RO, with the reason shown to staff. */
  onStart: (ro: { roNumber: string; locationId: number; reason: string }) => void;
  /** The verification last started through onStart; null until then. */
  started: VerificationRo | null;
  /** Changes whenever the customer's verifications change (held redemptions may have settled). */
  changes: number;
}

interface CustomerCouponsPanelProps {
  customerId: string;
  customerName: string;
  /** The Enter RO # dialog, lent by the route (features do not import each other). */
  slots: Pick<PackSaleSlots, 'renderEnterRo'>;
  verification?: CouponVerificationLink;
  /** Issue 24: the coupon staff found by its desk code (Search Customer), shown marked, ready to redeem. */
  highlight?: { issuedCouponId: string; code: string } | null;
}

export function CustomerCouponsPanel({ customerId, customerName, slots, verification, highlight }: CustomerCouponsPanelProps) {
  const titleId = useId();
  const isMobile = useIsMobile();
  const coupons = useCustomerCoupons(customerId);
  const [filter, setFilter] = useState<CouponFilter>('all');
  const shown = (coupons.data ?? []).filter((c) => matches(COUPON_FILTERS.find((f) => f.key === filter)!, c));
  const access = useSession()?.payload?.access.list;
  const [roDialog, setRoDialog] = useState<RoDialogState | null>(null);
  const [voiding, setVoiding] = useState<CustomerCouponView | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const redeem = useRedeemCoupon({
    onSuccess: (answer) => {
      setRefusal(null);
      toast.success(answer.message || COUPON_REDEMPTION_MESSAGES.redeemed);
    },
    onError: (error, input) => {
      const coupon = coupons.data?.find((c) => c.issuedCouponId === input.issuedCouponId);
      const needed = error.status === 412;
      setRefusal({ messages: error.messages, verificationNeeded: needed, redemption: needed ? { ...input, couponName: coupon?.name ?? '' } : undefined });
    },
  });

  // The 412's redemption waits for its verification to be sent; then it is redeemed again (held, or redeemed when
  // the op code was pre-approved).
  const waiting = useRef<RedeemCouponInput | null>(null);
  const started = verification?.started ?? null;
  useEffect(() => {
    const input = waiting.current;
    if (!started || !input || started.roNumber !== input.roNumber || started.locationId !== input.locationId) return;
    waiting.current = null;
    redeem.mutate(input);
    // Only a newly started verification retries (the mutation object changes every render).
  }, [started]);
  const startVerification = (r: NonNullable<Refusal['redemption']>) => {
    const { couponName, ...input } = r;
    waiting.current = input;
    verification?.onStart({ roNumber: r.roNumber, locationId: r.locationId, reason: REDEMPTION_TEXTS.verificationRequestReason(couponName, r.roNumber) });
  };

  // Held coupons settle when the customer answers: read again when the verifications change, and every poll
  // while one waits (the settle lands a moment after the answer).
  const refetchCoupons = coupons.refetch;
  const anyHeld = coupons.data?.some(isAwaitingVerification) ?? false;
  const changes = verification?.changes ?? 0;
  useEffect(() => {
    if (changes > 0) void refetchCoupons();
  }, [changes, refetchCoupons]);
  useEffect(() => {
    if (!anyHeld) return;
    const timer = setInterval(() => void refetchCoupons(), TIMINGS.pollVerificationMs);
    return () => clearInterval(timer);
  }, [anyHeld, refetchCoupons]);
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
      {refusal && (
        <RedemptionRefusal
          messages={refusal.messages}
          verificationNeeded={refusal.verificationNeeded}
          roNumber={refusal.redemption?.roNumber}
          onStartVerification={refusal.redemption && verification ? () => startVerification(refusal.redemption!) : undefined}
          onDismiss={() => setRefusal(null)}
        />
      )}
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
      ) : (
        <>
          {highlight && <CodeMatchNote highlight={highlight} coupons={coupons.data} />}
          <CouponFilters coupons={coupons.data} value={filter} onChange={setFilter} />
          {shown.length === 0 ? (
            <p className="empty-state">No {COUPON_FILTERS.find((f) => f.key === filter)!.label.toLowerCase()} coupons.</p>
          ) : (
            <CouponGroups coupons={shown} actions={actions} isMobile={isMobile} highlightId={highlight?.issuedCouponId ?? null} />
          )}
        </>
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
