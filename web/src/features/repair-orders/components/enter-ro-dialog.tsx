// Enter {type} RO # (SPEC 2.5): location (preset, locked while the book is pending) and a required RO number;
// Submit returns { roNumber, locationId }, Cancel and close return null.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { Modal } from '../../../components/ui/modal/modal';
import type { RoInput } from '../api/repair-order';
import { RoInputFields, type LocationField } from './ro-input-fields';
import { RO_INPUT_MESSAGES, roInputSchema, type RoInputForm, type RoInputValues } from './ro-input-schema';
import './repair-orders.css';

export const DEFAULT_RO_DIALOG_TYPE = 'Redemption';
/** The RO a pack is sold on (issue 11): 'Enter Sale RO #'. */
export const SALE_RO_DIALOG_TYPE = 'Sale';

export interface EnterRoDialogProps {
  open: boolean;
  /** SPEC 9: defaults to Redemption. */
  type?: string;
  /** The book or pack is still pending: warn and lock the location. */
  pending?: boolean;
  /** Values to start from, e.g. the location a pending pack was sold at. */
  initial?: Partial<RoInput>;
  /** The location was chosen before (a sale's): shown but not editable here. */
  locationLocked?: boolean;
  defaultLocationId: number | null;
  LocationSelect: LocationField;
  onClose: (result: RoInput | null) => void;
}

function EnterRoForm({ pending, initial, locationLocked, defaultLocationId, LocationSelect, onClose }: Omit<EnterRoDialogProps, 'open' | 'type'>) {
  const form = useForm<RoInputForm, unknown, RoInputValues>({
    resolver: valibotResolver(roInputSchema),
    // Validity on every change (Submit is disabled while invalid); messages also once a field is left.
    mode: 'all',
    defaultValues: { roNumber: initial?.roNumber ?? '', locationId: initial?.locationId ?? defaultLocationId },
  });
  const submit = form.handleSubmit(({ roNumber, locationId }) => onClose({ roNumber, locationId }));
  return (
    <form noValidate onSubmit={submit} className="enter-ro-form">
      <div className="modal-body enter-ro-fields">
        {pending && (
          <p className="banner" role="status">
            {RO_INPUT_MESSAGES.pendingBook}
          </p>
        )}
        <RoInputFields form={form} LocationSelect={LocationSelect} defaultLocationId={defaultLocationId} pending={pending} locationLocked={locationLocked} autoFocusRoNumber />
      </div>
      {/* A press on a button keeps focus in the field, so its error cannot move the button from under the pointer. */}
      <div className="modal-footer" onMouseDown={(e) => (e.target as HTMLElement).closest('button') && e.preventDefault()}>
        <button type="button" className="btn" onClick={() => onClose(null)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!form.formState.isValid}>
          Submit
        </button>
      </div>
    </form>
  );
}

export function EnterRoDialog({ open, type = DEFAULT_RO_DIALOG_TYPE, ...rest }: EnterRoDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : rest.onClose(null))} title={`Enter ${type} RO #`} size="sm" minimizable={false}>
      {open && <EnterRoForm {...rest} />}
    </Modal>
  );
}
