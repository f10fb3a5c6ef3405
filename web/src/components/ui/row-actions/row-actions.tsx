// A list row's action buttons and the table column that holds them. Each button says what it acts on to
// screen readers ('Edit' + a visually hidden ' Oil change'), since a table holds many buttons of one name.
import type { ReactNode } from 'react';

interface RowActionProps {
  /** The visible text, e.g. 'Edit'. */
  label: string;
  /** What the row is, read after the label by screen readers (e.g. the coupon's name). */
  what: ReactNode;
  onClick: () => void;
  /** A destructive action (Remove, Delete, Disable) is outlined in the danger colour. */
  danger?: boolean;
  disabled?: boolean;
}

export function RowAction({ label, what, onClick, danger = false, disabled }: RowActionProps) {
  return (
    <button type="button" className={danger ? 'btn btn-sm btn-danger-outline' : 'btn btn-sm'} onClick={onClick} disabled={disabled}>
      {label}
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}

/** The header of a table's actions column (named for screen readers only). */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
