// Step paper-redeem: the customer hands over one coupon of the book; staff pick it among the available ones and
// enter today's RO (Enter Redemption RO #, location preset to their own CRM store, otherwise location 1). A
// redemption toasts 'Successfully redeemed coupon.' and the book is read again; a refusal stays on screen, the
// RO-not-found one with the Coupon RO Not Found help link.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { PAPER_BOOK_MESSAGES, PAPER_HELP_PATHS, type PaperBookView } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useRedeemPaperCoupon } from '../api/redeem-paper-coupon';
import { BookCoupons } from './book-coupons';
import { BookSummary } from './book-summary';
import { PAPER_TEXTS, paperExpiryLabel } from './paper-conversion-texts';
import type { PaperWizardSlots } from './paper-wizard-slots';
import { actionBlockers, availableCoupons, stepHref, type WizardState } from './wizard-state';

/** SPEC 2.5: the RO dialog's type when redeeming. */
const REDEMPTION_RO_TYPE = 'Redemption';

interface PaperRedeemStepProps {
  book: PaperBookView;
  state: WizardState;
  slots: Pick<PaperWizardSlots, 'renderEnterRo' | 'renderRefusal'>;
}

export function PaperRedeemStep({ book, state, slots }: PaperRedeemStepProps) {
  const titleId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [roOpen, setRoOpen] = useState(false);
  const [refusal, setRefusal] = useState<readonly string[] | null>(null);
  const [missingChoice, setMissingChoice] = useState(false);
  const redeem = useRedeemPaperCoupon({
    onSuccess: (answer) => {
      setRefusal(null);
      setChosen(null);
      toast.success(answer.message || PAPER_BOOK_MESSAGES.redeemed);
    },
    onError: (error) => setRefusal(error.messages),
  });
  const available = availableCoupons(book);
  const blocked = actionBlockers(book).redeem;
  // A coupon redeemed or voided meanwhile is no longer (or again) in the list: the choice follows the book.
  const choice = available.some((c) => c.number === chosen) ? chosen : null;

  const openRo = () => {
    if (choice === null) {
      setMissingChoice(true);
      return;
    }
    setMissingChoice(false);
    setRoOpen(true);
  };

  return (
    <>
      <section className="panel paper-step-panel" aria-labelledby={titleId}>
        <BookSummary book={book} />
        <h2 id={titleId} className="paper-choice-title">
          {PAPER_TEXTS.redeemTitle}
        </h2>
        <p className="muted">
          {PAPER_TEXTS.redeemIntro} <Link to={PAPER_HELP_PATHS.paperRedeem}>{PAPER_TEXTS.redeemHelp}</Link>
        </p>
        {refusal && slots.renderRefusal({ messages: refusal, onDismiss: () => setRefusal(null) })}
        {blocked ? (
          <p className="alert alert-info">{blocked}</p>
        ) : (
          <fieldset className="paper-coupon-choice" aria-describedby={missingChoice ? `${titleId}-missing` : undefined}>
            <legend className="visually-hidden">{PAPER_TEXTS.redeemTitle}</legend>
            {available.map((c) => (
              <label key={c.number} className={`paper-coupon-option${choice === c.number ? ' is-selected' : ''}`}>
                <input
                  type="radio"
                  name="paper-coupon"
                  value={c.number}
                  checked={choice === c.number}
                  onChange={() => {
                    setChosen(c.number);
                    setMissingChoice(false);
                  }}
                />
                <span className="paper-option-text">
                  <strong>
                    {c.number}. {c.name}
                  </strong>
                  <span className="paper-note">
                    {paperExpiryLabel(c)}
                    {c.opCodes.length > 0 && ` · ${PAPER_TEXTS.opCodes(c.opCodes)}`}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {missingChoice && (
          <p id={`${titleId}-missing`} className="field-error">
            {PAPER_TEXTS.chooseCoupon}
          </p>
        )}
        <div className="paper-buttons">
          <Link className="btn" to={stepHref('action', state)}>
            {PAPER_TEXTS.backToAction}
          </Link>
          {!blocked && (
            <button type="button" className="btn btn-primary" disabled={redeem.isPending} onClick={openRo}>
              {redeem.isPending && <Spinner size="sm" label={PAPER_TEXTS.redeeming} />}
              {choice === null ? PAPER_TEXTS.enterRo : PAPER_TEXTS.redeemButton(choice)}
            </button>
          )}
        </div>
      </section>
      <BookCoupons book={book} />
      {slots.renderEnterRo({
        open: roOpen,
        type: REDEMPTION_RO_TYPE,
        onClose: (result) => {
          setRoOpen(false);
          if (result && choice !== null) redeem.mutate({ bookNumber: book.bookNumber, paperCouponNumber: choice, ...result });
        },
      })}
    </>
  );
}
