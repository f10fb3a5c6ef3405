// Step book-conversion: what moves (the unused coupons that have not expired) and to whom; Convert book posts the
// conversion, then the answer: how many coupons moved and whether a registration e-mail went out, the customer
// already has an account, or has no e-mail (with the Customer Without Email help link). Go to Sales opens the
// Sales page with that customer selected (it restores EMPLOYEE_CUSTOMER_ID, SPEC 3).
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAPER_BOOK_MESSAGES, PAPER_HELP_PATHS, type PaperBookView, type PaperConversionAnswer } from '@dealer/contracts';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { paths } from '../../../config/paths';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useConvertPaperBook } from '../api/convert-paper-book';
import { BookSummary } from './book-summary';
import { ChosenCustomer } from './chosen-customer';
import { PAPER_TEXTS, paperExpiryLabel } from './paper-conversion-texts';
import type { PaperWizardSlots, WizardCustomer } from './paper-wizard-slots';
import { actionBlockers, availableCoupons, stepHref, type WizardState } from './wizard-state';

interface BookConversionStepProps {
  book: PaperBookView;
  state: WizardState;
  slots: Pick<PaperWizardSlots, 'useChosenCustomer' | 'onConverted'>;
}

/** Opens the Sales page with the customer selected: it restores EMPLOYEE_CUSTOMER_ID on load (SPEC 3). */
function GoToSales({ customerId }: { customerId: string }) {
  const navigate = useNavigate();
  const toSales = () => {
    writeStorage(STORAGE_KEYS.employeeCustomerId, customerId);
    navigate(paths.employee.sales);
  };
  return (
    <button type="button" className="btn btn-primary" onClick={toSales}>
      {PAPER_TEXTS.goToSales}
    </button>
  );
}

function AnotherBook() {
  return (
    <Link className="btn" to={stepHref('book-number', { book: null, customer: null })}>
      {PAPER_TEXTS.anotherBook}
    </Link>
  );
}

function ConversionDone({ answer, customer }: { answer: PaperConversionAnswer; customer: WizardCustomer | undefined }) {
  return (
    <div className="paper-done">
      <div className="alert alert-success" role="status">
        <p>{answer.message || PAPER_BOOK_MESSAGES.converted(answer.convertedCount)}</p>
        {answer.registration === 'sent' && <p>{PAPER_TEXTS.registrationSent(customer?.emailAddress ?? null)}</p>}
        {answer.registration === 'registered' && <p>{PAPER_TEXTS.registrationRegistered}</p>}
        {answer.registration === 'no-email' && (
          <>
            <p>{PAPER_TEXTS.registrationNoEmail}</p>
            <p>
              <Link to={PAPER_HELP_PATHS.customerNoEmail}>{PAPER_TEXTS.noEmailHelp}</Link>
            </p>
          </>
        )}
        <p>{PAPER_TEXTS.codesWhere(answer.registration !== 'no-email')}</p>
      </div>
      <div className="paper-buttons">
        <GoToSales customerId={answer.customerId} />
        <AnotherBook />
      </div>
    </div>
  );
}

export function BookConversionStep({ book, state, slots }: BookConversionStepProps) {
  const titleId = useId();
  const chosen = slots.useChosenCustomer(state.customer);
  const [answer, setAnswer] = useState<PaperConversionAnswer | null>(null);
  const [refusal, setRefusal] = useState<readonly string[] | null>(null);
  const convert = useConvertPaperBook({
    onSuccess: (result, input) => {
      setRefusal(null);
      setAnswer(result);
      slots.onConverted(input.customerId);
    },
    onError: (error) => setRefusal(error.messages),
  });
  const moving = availableCoupons(book);
  const blocked = actionBlockers(book).convert;

  return (
    <section className="panel paper-step-panel" aria-labelledby={titleId}>
      <BookSummary book={book} />
      <h2 id={titleId} className="paper-choice-title">
        {answer || book.conversion ? PAPER_TEXTS.convertedTitle : PAPER_TEXTS.confirmTitle}
      </h2>
      {answer ? (
        <ConversionDone answer={answer} customer={chosen.customer} />
      ) : book.conversion ? (
        // Converted before (a reload, or another advisor): where the coupons went.
        <div className="paper-buttons">
          <GoToSales customerId={book.conversion.customerId} />
          <AnotherBook />
        </div>
      ) : (
        <>
          {refusal && (
            <div className="alert alert-danger" role="alert">
              {refusal.map((m) => (
                <p key={m}>{m}</p>
              ))}
            </div>
          )}
          {blocked ? (
            <p className="alert alert-info">{blocked}</p>
          ) : (
            <>
              <p>{PAPER_TEXTS.toConvert(moving.length)}</p>
              <ul className="paper-moving">
                {moving.map((c) => (
                  <li key={c.number}>
                    {c.number}. {c.name} <span className="paper-note-inline">({paperExpiryLabel(c)})</span>
                  </li>
                ))}
              </ul>
              <p className="muted">{PAPER_TEXTS.notMoved}</p>
            </>
          )}
          <h3 className="paper-subtitle">{PAPER_TEXTS.chosen}</h3>
          {state.customer ? (
            <ChosenCustomer chosen={chosen} />
          ) : (
            <p className="alert alert-info">{PAPER_TEXTS.chooseCustomerFirst}</p>
          )}
          <div className="paper-buttons paper-nav">
            <Link className="btn" to={stepHref('customer-info', state)}>
              {state.customer ? PAPER_TEXTS.back : PAPER_TEXTS.toCustomerInfo}
            </Link>
            <button
              type="button"
              className="btn btn-primary"
              disabled={Boolean(blocked) || !chosen.customer || convert.isPending}
              onClick={() => chosen.customer && convert.mutate({ bookNumber: book.bookNumber, customerId: chosen.customer.customerId })}
            >
              {convert.isPending && <Spinner size="sm" label={PAPER_TEXTS.converting} />}
              {PAPER_TEXTS.convert}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
