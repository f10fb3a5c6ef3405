// The customer's state folded from the events (as of a moment): the profile fields first, in SPEC order.
import { fieldLabel, FieldValue } from './history-values';

const ORDER = [
  'firstName',
  'lastName',
  'emailAddress',
  'pendingEmail',
  'phoneMobile',
  'pendingPhone',
  'phoneOther',
  'address',
  'address2',
  'city',
  'state',
  'zip',
  'isTaxExempt',
  'verifyRedemptions',
];

const rank = (field: string) => {
  const i = ORDER.indexOf(field);
  return i === -1 ? ORDER.length : i;
};

export function HistoryState({ state }: { state: Record<string, unknown> }) {
  const fields = Object.keys(state).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  if (fields.length === 0) return <p className="empty-state">The customer did not exist yet at this moment.</p>;
  return (
    <dl className="history-state">
      {fields.map((field) => (
        <div key={field} className="history-state-row">
          <dt>{fieldLabel(field)}</dt>
          <dd>
            <FieldValue field={field} value={state[field]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
