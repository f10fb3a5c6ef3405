// Find a book the system does not know by its sale RO (POST /api/paper-books): the location that sold it (preset
// as SPEC 2.5's RO dialog), the Sale RO # and the pack printed on the book. An RO missing from the DMS data is
// answered 404 and shown with the Book RO Not Found help link.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PAPER_BOOK_LIMITS, PAPER_BOOK_MESSAGES, PAPER_HELP_PATHS, checkPaperBookLookupRequest } from '@dealer/contracts';
import { TextField } from '../../../components/ui/form/text-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useFindPaperBook } from '../api/find-paper-book';
import { PAPER_TEXTS } from './paper-conversion-texts';
import type { PaperWizardSlots } from './paper-wizard-slots';

interface FindBySaleRoFormProps {
  bookNumber: string;
  slots: Pick<PaperWizardSlots, 'LocationSelect' | 'PackSelect' | 'defaultLocationId'>;
  onFound: (bookNumber: string) => void;
}

interface Refusal {
  messages: readonly string[];
  roNotFound: boolean;
}

export function FindBySaleRoForm({ bookNumber, slots, onFound }: FindBySaleRoFormProps) {
  const titleId = useId();
  const { LocationSelect, PackSelect } = slots;
  const [locationId, setLocationId] = useState<number | null>(null);
  const [saleRoNumber, setSaleRoNumber] = useState('');
  const [packId, setPackId] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // The preset arrives with the locations; the user's own choice wins once made.
  const shownLocationId = locationId ?? slots.defaultLocationId;
  const checked = checkPaperBookLookupRequest({ bookNumber, locationId: shownLocationId, saleRoNumber, packId });
  const fieldError = (field: string) => (submitted && !checked.ok ? checked.fields[field] : undefined);

  const find = useFindPaperBook({
    onSuccess: (answer) => {
      setRefusal(null);
      toast.success(answer.message || PAPER_BOOK_MESSAGES.registered);
      onFound(answer.bookNumber || bookNumber);
    },
    onError: (error) => setRefusal({ messages: error.messages, roNotFound: error.status === 404 }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (checked.ok && !find.isPending) find.mutate(checked.value);
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} aria-busy={find.isPending} className="paper-find-form">
      <h3 id={titleId}>{PAPER_TEXTS.findBySaleRoTitle}</h3>
      <p className="muted">{PAPER_TEXTS.findBySaleRoIntro}</p>
      {refusal && (
        <div className="alert alert-danger" role="alert">
          {refusal.messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {refusal.roNotFound && (
            <p>
              <Link to={PAPER_HELP_PATHS.bookRoNotFound}>{PAPER_TEXTS.bookRoNotFoundHelp}</Link>
            </p>
          )}
        </div>
      )}
      <div className="paper-find-fields">
        <LocationSelect value={shownLocationId} onChange={setLocationId} error={fieldError('locationId')} />
        <TextField
          label={PAPER_TEXTS.saleRo}
          value={saleRoNumber}
          maxLength={PAPER_BOOK_LIMITS.roNumberMax}
          autoComplete="off"
          required
          onChange={(e) => setSaleRoNumber(e.target.value)}
          error={fieldError('saleRoNumber')}
        />
        <PackSelect value={packId} onChange={setPackId} error={fieldError('packId')} />
      </div>
      <div className="paper-buttons">
        <button type="submit" className="btn btn-primary" disabled={find.isPending}>
          {find.isPending && <Spinner size="sm" label={PAPER_TEXTS.finding} />}
          {PAPER_TEXTS.findBySaleRo}
        </button>
      </div>
    </form>
  );
}
