// The book's coupons panel with Void on a paper redemption (Enter Void Reason, as for digital coupons). Shown on
// the action and paper-redeem steps; the server decides who may void and its refusal (403) is toasted.
import { useId, useState } from 'react';
import { PAPER_BOOK_MESSAGES, permissionsFor, type PaperBookView, type PaperCouponView } from '@dealer/contracts';
import { toast } from '../../../components/ui/toaster/toast-store';
import { VoidReasonDialog } from '../../../components/ui/void-reason/void-reason-dialog';
import { useNow } from '../../../hooks/use-now';
import { useSession } from '../../../lib/auth/use-session';
import { useVoidPaperRedemption } from '../api/void-paper-redemption';
import { PaperCouponList } from './paper-coupon-list';
import { PAPER_TEXTS } from './paper-conversion-texts';
import { mayOfferVoid, type Voider } from './wizard-state';

export function BookCoupons({ book }: { book: PaperBookView }) {
  const titleId = useId();
  const session = useSession();
  const now = useNow(60_000);
  const [voiding, setVoiding] = useState<PaperCouponView | null>(null);
  const voidRedemption = useVoidPaperRedemption({
    onSuccess: (answer) => {
      setVoiding(null);
      toast.success(answer.message || PAPER_BOOK_MESSAGES.voided);
    },
    onError: (error) => toast.errors(error.messages),
  });
  const args = session?.payload.access.args;
  const canVoidAtAll = permissionsFor(session?.payload.access.list, 'paper-book-redemption-voids').canAdd;
  const voider: Voider | null =
    canVoidAtAll && session?.payload.user ? { userId: session.payload.user.userId, isManager: Boolean(args?.isManager || args?.isAdmin) } : null;

  return (
    <section className="panel paper-coupons" aria-labelledby={titleId}>
      <h2 id={titleId}>{PAPER_TEXTS.couponsTitle}</h2>
      <PaperCouponList
        coupons={book.coupons}
        canVoid={(c) => c.redemption !== null && mayOfferVoid(c.redemption, voider, new Date(now))}
        busyNumber={voidRedemption.isPending ? (voidRedemption.variables?.paperCouponNumber ?? null) : null}
        onVoid={setVoiding}
      />
      <VoidReasonDialog
        open={voiding !== null}
        loading={voidRedemption.isPending}
        description={voiding?.redemption ? PAPER_TEXTS.voidDescription(voiding.number, voiding.name, voiding.redemption.roNumber) : undefined}
        onClose={(reason) => {
          if (reason === null) setVoiding(null);
          else if (voiding?.redemption)
            voidRedemption.mutate({ bookNumber: book.bookNumber, redemptionId: voiding.redemption.redemptionId, paperCouponNumber: voiding.number, reason });
        }}
      />
    </section>
  );
}
