// Step book-number: the number printed on the book (checkBookNumber's messages), looked up with GET. A found
// book leads on to the action step; a book the system does not know says so with the Not Found In System help
// link and offers to find it by its sale RO.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PAPER_BOOK_LIMITS, PAPER_BOOK_MESSAGES, PAPER_HELP_PATHS, checkBookNumber } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { isBookNotFound, usePaperBook } from '../api/get-paper-book';
import { FindBySaleRoForm } from './find-by-sale-ro-form';
import { PAPER_TEXTS } from './paper-conversion-texts';
import type { PaperWizardSlots } from './paper-wizard-slots';
import { stepHref, type WizardState } from './wizard-state';

interface BookNumberStepProps {
  state: WizardState;
  slots: PaperWizardSlots;
  /** Puts the entered number in the address (a new history entry). */
  onBookEntered: (bookNumber: string) => void;
}

export function BookNumberStep({ state, slots, onBookEntered }: BookNumberStepProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(state.book ?? '');
  const [error, setError] = useState<string | undefined>();
  const [findByRo, setFindByRo] = useState(false);
  // Only a lookup the user just asked for moves on by itself: back from the action step stays here.
  const justSubmitted = useRef(false);
  const book = usePaperBook(state.book);
  const notFound = book.isError && isBookNotFound(book.error);

  useEffect(() => {
    if (justSubmitted.current && book.isSuccess && state.book) {
      justSubmitted.current = false;
      navigate(stepHref('action', state));
    }
  }, [book.isSuccess, state, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBookNumber(text);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    setFindByRo(false);
    justSubmitted.current = true;
    if (checked.value === state.book && book.isSuccess) navigate(stepHref('action', state));
    else {
      onBookEntered(checked.value);
      if (checked.value === state.book) void book.refetch();
    }
  };

  return (
    <section className="panel paper-step-panel" aria-labelledby="paper-book-number-title">
      <h2 id="paper-book-number-title">{PAPER_TEXTS.bookNumberTitle}</h2>
      <form noValidate onSubmit={submit} className="paper-book-form">
        <TextField
          label={PAPER_TEXTS.bookNumber}
          hint={PAPER_TEXTS.bookNumberHint}
          value={text}
          maxLength={PAPER_BOOK_LIMITS.bookNumberMax + 10}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          required
          error={error}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={book.isFetching}>
          {book.isFetching && <Spinner size="sm" label={PAPER_TEXTS.finding} />}
          {PAPER_TEXTS.findBook}
        </button>
      </form>

      {state.book && book.isSuccess && (
        <div className="alert alert-success paper-found" role="status">
          <p>{PAPER_TEXTS.bookFound(book.data.bookNumber)}</p>
          <Link className="btn btn-primary" to={stepHref('action', state)}>
            {PAPER_TEXTS.continue}
          </Link>
        </div>
      )}
      {state.book && notFound && (
        <div className="paper-not-found">
          <div className="alert alert-danger" role="alert">
            <p>{PAPER_BOOK_MESSAGES.bookNotFound(state.book)}</p>
            <p>
              <Link to={PAPER_HELP_PATHS.notFoundInSystem}>{PAPER_TEXTS.notFoundHelp}</Link>
            </p>
          </div>
          {findByRo ? (
            <FindBySaleRoForm
              key={state.book}
              bookNumber={state.book}
              slots={slots}
              onFound={(found) => navigate(stepHref('action', { ...state, book: found }))}
            />
          ) : (
            <button type="button" className="btn" onClick={() => setFindByRo(true)}>
              {PAPER_TEXTS.findBySaleRo}
            </button>
          )}
        </div>
      )}
      {state.book && book.isError && !notFound && <ErrorMessages className="alert alert-danger" error={book.error} />}
    </section>
  );
}
