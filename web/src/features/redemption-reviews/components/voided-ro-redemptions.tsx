// Redemptions on voided ROs (issue 12), a section of RO Search for managers and admins (the access list's GET of
// 'coupon-redemption-reviews'; nothing renders for anyone else): the live redemptions whose RO the DMS data shows
// voided at a location, with Void (Enter Void Reason, through the redemption's own void route) and Keep (a
// required note). Either takes the redemption off the list.
import { useId, useState, type ComponentType } from 'react';
import { permissionsFor, type VoidedRoRedemptionView } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { VoidReasonDialog } from '../../../components/ui/void-reason/void-reason-dialog';
import { useSession } from '../../../lib/auth/use-session';
import { useRedemptionReviews } from '../api/get-redemption-reviews';
import { useKeepRedemption } from '../api/keep-redemption';
import { useVoidReviewedRedemption, type RedemptionVoids } from '../api/void-reviewed-redemption';
import { KeepRedemptionDialog } from './keep-redemption-dialog';
import { REVIEW_TEXTS, couponLabel } from './redemption-review-texts';
import { VoidedRoRedemptionList } from './voided-ro-redemption-list';
import './redemption-reviews.css';

/** What a location selector must accept; the route passes the locations feature's selector in. */
export interface ReviewLocationFieldProps {
  value: number | null;
  onChange: (locationId: number | null) => void;
  label?: string;
}

export interface VoidedRoRedemptionsProps {
  LocationSelect: ComponentType<ReviewLocationFieldProps>;
  /** Where the list starts (the user's location; null while the locations load). */
  defaultLocationId: number | null;
  /** The void calls of the features that own the void routes. */
  voids: RedemptionVoids;
}

export function VoidedRoRedemptions(props: VoidedRoRedemptionsProps) {
  const session = useSession();
  const can = permissionsFor(session?.payload.access.list, 'coupon-redemption-reviews');
  if (!can.canGet) return null;
  return <ReviewSection {...props} canKeep={can.canAdd} />;
}

function ReviewSection({ LocationSelect, defaultLocationId, voids, canKeep }: VoidedRoRedemptionsProps & { canKeep: boolean }) {
  const titleId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const locationId = chosen ?? defaultLocationId;
  const [voiding, setVoiding] = useState<VoidedRoRedemptionView | null>(null);
  const [keeping, setKeeping] = useState<VoidedRoRedemptionView | null>(null);
  const list = useRedemptionReviews(locationId);
  const voidRedemption = useVoidReviewedRedemption(voids, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      setVoiding(null);
    },
    onError: (error) => toast.errors(error.messages),
  });
  const keep = useKeepRedemption({
    onSuccess: (answer) => {
      toast.success(answer.message);
      setKeeping(null);
    },
    onError: (error) => toast.errors(error.messages),
  });
  const busyId = voidRedemption.isPending ? (voidRedemption.variables?.redemption.redemptionId ?? null) : keep.isPending ? (keep.variables?.redemptionId ?? null) : null;

  return (
    <section className="panel redemption-reviews" aria-labelledby={titleId}>
      <h2 id={titleId}>{REVIEW_TEXTS.title}</h2>
      <p className="muted panel-intro">{REVIEW_TEXTS.intro}</p>
      <LocationSelect value={locationId} onChange={setChosen} label={REVIEW_TEXTS.location} />
      {locationId === null ? (
        <p className="empty-state">{REVIEW_TEXTS.chooseLocation}</p>
      ) : list.isPending ? (
        <div className="empty-state">
          <Spinner label={REVIEW_TEXTS.loading} />
        </div>
      ) : list.isError ? (
        <ErrorMessages error={list.error} className="empty-state" />
      ) : list.data.length === 0 ? (
        <p className="empty-state">{REVIEW_TEXTS.none}</p>
      ) : (
        <>
          <p className="muted redemption-reviews-count" aria-live="polite">
            {REVIEW_TEXTS.count(list.data.length)}
            {list.isFetching && <Spinner size="sm" label="Refreshing..." />}
          </p>
          <VoidedRoRedemptionList
            redemptions={list.data}
            busyId={busyId}
            onVoid={setVoiding}
            onKeep={canKeep ? setKeeping : undefined}
          />
        </>
      )}
      <VoidReasonDialog
        open={voiding !== null}
        loading={voidRedemption.isPending}
        description={voiding ? REVIEW_TEXTS.voidDescription(couponLabel(voiding), voiding.roNumber) : undefined}
        onClose={(reason) => {
          if (reason === null) setVoiding(null);
          else if (voiding) voidRedemption.mutate({ redemption: voiding, reason });
        }}
      />
      <KeepRedemptionDialog
        open={keeping !== null}
        loading={keep.isPending}
        description={keeping ? REVIEW_TEXTS.keepDescription(couponLabel(keeping), keeping.roNumber) : undefined}
        onClose={(note) => {
          if (note === null) setKeeping(null);
          else if (keeping) keep.mutate({ redemptionId: keeping.redemptionId, note });
        }}
      />
    </section>
  );
}
