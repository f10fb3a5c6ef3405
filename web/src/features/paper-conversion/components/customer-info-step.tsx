// Step customer-info: find the book's customer (Search Customer) or create them (the Sales page's Create
// Customer flow, with its existing-customer check), see who was chosen, and go on to the conversion.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PaperBookView } from '@dealer/contracts';
import { BookSummary } from './book-summary';
import { ChosenCustomer } from './chosen-customer';
import { PAPER_TEXTS } from './paper-conversion-texts';
import type { PaperWizardSlots } from './paper-wizard-slots';
import { actionBlockers, stepHref, type WizardState } from './wizard-state';

interface CustomerInfoStepProps {
  book: PaperBookView;
  state: WizardState;
  slots: Pick<PaperWizardSlots, 'renderSearchCustomer' | 'renderCreateCustomer' | 'useChosenCustomer'>;
  /** Puts the chosen customer in the address (replacing this entry). */
  onCustomerChosen: (customerId: string) => void;
}

export function CustomerInfoStep({ book, state, slots, onCustomerChosen }: CustomerInfoStepProps) {
  const titleId = useId();
  const [dialog, setDialog] = useState<'search' | 'create' | null>(null);
  const chosen = slots.useChosenCustomer(state.customer);
  const blocked = actionBlockers(book).convert;
  const close = (customerId: string | null) => {
    setDialog(null);
    if (customerId) onCustomerChosen(customerId);
  };
  return (
    <section className="panel paper-step-panel" aria-labelledby={titleId}>
      <BookSummary book={book} />
      <h2 id={titleId} className="paper-choice-title">
        {PAPER_TEXTS.customerTitle}
      </h2>
      {blocked && <p className="alert alert-info">{blocked}</p>}
      <p className="muted">{PAPER_TEXTS.customerIntro}</p>
      <div className="paper-buttons">
        <button type="button" className="btn btn-primary" onClick={() => setDialog('search')}>
          {PAPER_TEXTS.searchCustomer}
        </button>
        <button type="button" className="btn" onClick={() => setDialog('create')}>
          {PAPER_TEXTS.createCustomer}
        </button>
      </div>
      <div className="paper-chosen" aria-live="polite">
        <ChosenCustomer chosen={chosen} />
      </div>
      <div className="paper-buttons paper-nav">
        <Link className="btn" to={stepHref('action', state)}>
          {PAPER_TEXTS.back}
        </Link>
        {chosen.customer && !blocked ? (
          <Link className="btn btn-primary" to={stepHref('book-conversion', state)}>
            {PAPER_TEXTS.next}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" disabled>
            {PAPER_TEXTS.next}
          </button>
        )}
      </div>
      {slots.renderSearchCustomer({ open: dialog === 'search', onClose: close })}
      {slots.renderCreateCustomer({ open: dialog === 'create', onClose: close })}
    </section>
  );
}
