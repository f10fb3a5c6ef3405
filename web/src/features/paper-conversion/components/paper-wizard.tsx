// /employee/paper-conversion/{step}: the paper coupon conversion wizard (issue 12, SPEC 2.2). The step comes from
// the route, the book and customer from the address's query, so a reload or the back button shows the same
// screen. Steps after book-number need a book the system knows; without one they go back to book-number.
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/layouts/page-header';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { isBookNotFound, usePaperBook } from '../api/get-paper-book';
import { ActionStep } from './action-step';
import { BookConversionStep } from './book-conversion-step';
import { BookNumberStep } from './book-number-step';
import { CustomerInfoStep } from './customer-info-step';
import { PaperRedeemStep } from './paper-redeem-step';
import { PAPER_TEXTS } from './paper-conversion-texts';
import type { PaperWizardSlots } from './paper-wizard-slots';
import { StepBar } from './step-bar';
import { PaperDraftPrompt } from './paper-draft';
import { STEP_TITLES, readWizardState, stepHref, type PaperStep, type WizardState } from './wizard-state';
import './paper-conversion.css';

interface PaperWizardProps {
  step: PaperStep;
  slots: PaperWizardSlots;
}

function BookStep({ step, state, slots, onCustomerChosen }: PaperWizardProps & { state: WizardState; onCustomerChosen: (id: string) => void }) {
  const book = usePaperBook(state.book);
  if (!state.book || (book.isError && isBookNotFound(book.error))) return <Navigate to={stepHref('book-number', state)} replace />;
  if (book.isPending)
    return (
      <div className="panel empty-state">
        <Spinner label={PAPER_TEXTS.finding} />
      </div>
    );
  if (book.isError) return <ErrorMessages className="alert alert-danger" error={book.error} />;
  switch (step) {
    case 'paper-redeem':
      return <PaperRedeemStep book={book.data} state={state} slots={slots} />;
    case 'customer-info':
      return <CustomerInfoStep book={book.data} state={state} slots={slots} onCustomerChosen={onCustomerChosen} />;
    case 'book-conversion':
      return <BookConversionStep book={book.data} state={state} slots={slots} />;
    default:
      return <ActionStep book={book.data} state={state} />;
  }
}

export function PaperWizard({ step, slots }: PaperWizardProps) {
  const [query, setQuery] = useSearchParams();
  const state = readWizardState(query);
  const book = usePaperBook(state.book);
  return (
    <>
      <PageHeader title={`${PAPER_TEXTS.title}: ${STEP_TITLES[step]}`} description={PAPER_TEXTS.description} />
      <StepBar current={step} state={state} bookFound={book.isSuccess} />
      <PaperDraftPrompt />
      {step === 'book-number' ? (
        <BookNumberStep state={state} slots={slots} onBookEntered={(bookNumber) => setQuery({ book: bookNumber })} />
      ) : (
        <BookStep
          step={step}
          state={state}
          slots={slots}
          onCustomerChosen={(customer) => setQuery({ ...(state.book ? { book: state.book } : {}), customer }, { replace: true })}
        />
      )}
    </>
  );
}
