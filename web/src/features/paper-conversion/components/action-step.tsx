// Step action: the book's summary and coupons, and what to do with it: redeem one paper coupon today, or convert
// the book into the customer's digital pack. An action the book does not allow is disabled with the reason.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { PaperBookView } from '@dealer/contracts';
import { BookCoupons } from './book-coupons';
import { BookSummary } from './book-summary';
import { PAPER_TEXTS } from './paper-conversion-texts';
import { actionBlockers, stepHref, type PaperStep, type WizardState } from './wizard-state';

function ActionChoice({ to, label, note, blocked }: { to: string; label: string; note: string; blocked: string | null }) {
  const noteId = useId();
  return (
    <li className={`paper-action${blocked ? ' is-blocked' : ''}`}>
      {blocked ? (
        // A disabled button (not a link) keeps the choice in the tab order's reading and says it is unavailable.
        <button type="button" className="btn btn-lg paper-action-button" disabled aria-describedby={noteId}>
          {label}
        </button>
      ) : (
        <Link to={to} className="btn btn-primary btn-lg paper-action-button" aria-describedby={noteId}>
          {label}
        </Link>
      )}
      <p id={noteId} className={blocked ? 'paper-action-blocked' : 'muted paper-action-note'}>
        {blocked ?? note}
      </p>
    </li>
  );
}

export function ActionStep({ book, state }: { book: PaperBookView; state: WizardState }) {
  const titleId = useId();
  const blockers = actionBlockers(book);
  const href = (step: PaperStep) => stepHref(step, state);
  return (
    <>
      <section className="panel paper-step-panel" aria-labelledby={titleId}>
        <BookSummary book={book} />
        <h2 id={titleId} className="paper-choice-title">
          {PAPER_TEXTS.chooseAction}
        </h2>
        <ul className="paper-actions">
          <ActionChoice to={href('paper-redeem')} label={PAPER_TEXTS.redeemAction} note={PAPER_TEXTS.redeemActionNote} blocked={blockers.redeem} />
          <ActionChoice to={href('customer-info')} label={PAPER_TEXTS.convertAction} note={PAPER_TEXTS.convertActionNote} blocked={blockers.convert} />
        </ul>
        <p className="paper-back">
          <Link to={stepHref('book-number', { book: null, customer: null })}>{PAPER_TEXTS.changeBook}</Link>
        </p>
      </section>
      <BookCoupons book={book} />
    </>
  );
}
