// Existing Customers (SPEC 2.5, 4): possible matches of the customer being created, with the matching values
// highlighted. Outcomes: SubmitExistingCustomer (Use Selected Customer), SubmitEnteredCustomer (Create New
// Customer, blocked when a match has the same e-mail or mobile phone) and CancelSubmit (Cancel or close).
import { useState, type ReactNode } from 'react';
import { CUSTOMER_MESSAGES, fullName, phoneOrDash } from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import type { CustomerMatch } from '../api/validate-customer';
import { collidesWithMatches, matchedFields, type EnteredCustomer } from './customer-matches';

export const EXISTING_CUSTOMERS_TEXTS = {
  title: 'Existing Customers',
  found: 'We have found customers in our system that potentially match the customer you entered.',
  review: 'Please review the matches and either select the existing customer or confirm that none is your customer.',
  useSelected: 'Use Selected Customer',
  createNew: 'Create New Customer',
} as const;

export type ExistingCustomersResult =
  | { result: 'SubmitExistingCustomer'; info: { customerId: string } }
  | { result: 'SubmitEnteredCustomer' }
  | { result: 'CancelSubmit' };

interface ExistingCustomersDialogProps {
  open: boolean;
  matches: readonly CustomerMatch[];
  entered: EnteredCustomer;
  onResult: (result: ExistingCustomersResult) => void;
}

function Value({ text, matched }: { text: string; matched: boolean }) {
  if (!matched || text === '-') return <>{text}</>;
  return (
    <mark className="match-highlight" title="Matches the customer you entered">
      {text}
    </mark>
  );
}

interface ListProps {
  matches: readonly CustomerMatch[];
  entered: EnteredCustomer;
  selectedId: string | null;
  onSelect: (customerId: string) => void;
}

const cells = (m: CustomerMatch, entered: EnteredCustomer): { header: string; value: ReactNode }[] => {
  const matched = matchedFields(m, entered);
  return [
    { header: 'Name', value: <Value text={fullName(m) || '-'} matched={matched.name} /> },
    { header: 'Email', value: <Value text={m.emailAddress || '-'} matched={matched.email} /> },
    { header: 'Mobile Phone', value: <Value text={phoneOrDash(m.phoneMobile)} matched={matched.phoneMobile} /> },
    { header: 'Other Phone', value: <Value text={phoneOrDash(m.phoneOther)} matched={matched.phoneOther} /> },
  ];
};

function MatchTable({ matches, entered, selectedId, onSelect }: ListProps) {
  return (
    <div className="table-wrap matches-table-wrap">
      <table className="table">
        <caption className="visually-hidden">Possible matches</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Select</span>
            </th>
            <th scope="col" className="nowrap">Name</th>
            <th scope="col" className="nowrap">Email</th>
            <th scope="col" className="nowrap">Mobile Phone</th>
            <th scope="col" className="nowrap">Other Phone</th>
          </tr>
        </thead>
        <tbody>
          {matches.map((m) => {
            const selected = m.customerId === selectedId;
            return (
              <tr
                key={m.customerId}
                className={selected ? 'table-row-clickable is-selected' : 'table-row-clickable'}
                onClick={() => onSelect(m.customerId)}
              >
                <td>
                  <input
                    type="radio"
                    name="existing-customer"
                    aria-label={`Select ${fullName(m) || m.emailAddress || 'customer'}`}
                    checked={selected}
                    onChange={() => onSelect(m.customerId)}
                  />
                </td>
                {cells(m, entered).map((c) => (
                  <td key={c.header} className={c.header.includes('Phone') ? 'nowrap' : undefined}>
                    {c.value}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function MatchCards({ matches, entered, selectedId, onSelect }: ListProps) {
  return (
    <ul className="card-list" aria-label="Possible matches">
      {matches.map((m) => {
        const selected = m.customerId === selectedId;
        const [name, ...rest] = cells(m, entered);
        return (
          <li key={m.customerId} className={selected ? 'card is-selected' : 'card'}>
            <label className="match-card-label">
              <input type="radio" name="existing-customer" checked={selected} onChange={() => onSelect(m.customerId)} />
              <strong>{name?.value}</strong>
            </label>
            <dl className="card-fields">
              {rest.map((c) => (
                <div key={c.header} className="match-card-field">
                  <dt>{c.header}</dt>
                  <dd>{c.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function ExistingCustomersBody({ matches, entered, onResult }: Omit<ExistingCustomersDialogProps, 'open'>) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const isMobile = useIsMobile();
  const List = isMobile ? MatchCards : MatchTable;

  const createNew = () => {
    if (collidesWithMatches(matches, entered)) setBlocked(true);
    else onResult({ result: 'SubmitEnteredCustomer' });
  };

  return (
    <>
      <div className="modal-body existing-customers">
        {blocked && (
          <div className="alert alert-danger" role="alert">
            {CUSTOMER_MESSAGES.duplicate}
          </div>
        )}
        <p>{EXISTING_CUSTOMERS_TEXTS.found}</p>
        <p>{EXISTING_CUSTOMERS_TEXTS.review}</p>
        <List matches={matches} entered={entered} selectedId={selectedId} onSelect={setSelectedId} />
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={() => onResult({ result: 'CancelSubmit' })}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={selectedId === null}
          onClick={() => selectedId && onResult({ result: 'SubmitExistingCustomer', info: { customerId: selectedId } })}
        >
          {EXISTING_CUSTOMERS_TEXTS.useSelected}
        </button>
        <button type="button" className="btn" onClick={createNew}>
          {EXISTING_CUSTOMERS_TEXTS.createNew}
        </button>
      </div>
    </>
  );
}

export function ExistingCustomersDialog({ open, ...body }: ExistingCustomersDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : body.onResult({ result: 'CancelSubmit' }))}
      title={EXISTING_CUSTOMERS_TEXTS.title}
      size="xl"
      minimizable={false}
    >
      {open && <ExistingCustomersBody {...body} />}
    </Modal>
  );
}
