// Correct location: the one place to fix where a sale was made (SPEC 2.5's pending tooltip sends staff here).
// A location that sold the pack when it was sold, and a required reason; recorded with who and why.
import { useId, useState, type FormEvent } from 'react';
import { PACK_SALE_LIMITS, PACK_SALE_MESSAGES, checkReason, type PackSaleView } from '@dealer/contracts';
import { FormFooter } from '../../../components/ui/modal/form-footer';
import { Modal } from '../../../components/ui/modal/modal';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useCorrectPackSaleLocation } from '../api/correct-pack-sale-location';
import type { PackSaleSlots } from './pack-sale-slots';
import { PACK_SALE_TEXTS } from './pack-sale-texts';

export interface CorrectLocationDialogProps {
  sale: PackSaleView | null;
  slots: PackSaleSlots;
  onClose: () => void;
}

function CorrectLocationForm({ sale, slots, onClose }: { sale: PackSaleView; slots: PackSaleSlots; onClose: () => void }) {
  const id = useId();
  const { LocationSelect } = slots;
  const [locationId, setLocationId] = useState<number | null>(sale.locationId);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const checked = checkReason(reason, PACK_SALE_MESSAGES.correctionReasonRequired);
  const reasonError = 'error' in checked ? checked.error : undefined;
  const locationError = locationId === null ? PACK_SALE_MESSAGES.locationRequired : undefined;
  const correct = useCorrectPackSaleLocation({
    onSuccess: (answer) => {
      toast.success(answer.message || PACK_SALE_MESSAGES.locationCorrected);
      onClose();
    },
    onError: (error) => toast.errors(error.messages),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (locationError || !('value' in checked) || locationId === null) return;
    correct.mutate({ saleId: sale.saleId, customerId: sale.customerId, locationId, reason: checked.value });
  };
  const busy = correct.isPending;
  const shownReasonError = touched ? reasonError : undefined;
  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="sale-dialog-form">
      <div className="modal-body sell-pack-fields">
        <p className="sale-dialog-intro">{PACK_SALE_TEXTS.correctIntro(sale.packName, sale.saleRoNumber)}</p>
        <LocationSelect value={locationId} onChange={setLocationId} allowedIds={sale.sellingLocationIds} disabled={busy} error={locationError} />
        <div className="field">
          <label className="field-label" htmlFor={`${id}-reason`}>
            {PACK_SALE_TEXTS.correctReason}
          </label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={3}
            maxLength={PACK_SALE_LIMITS.reasonMax}
            value={reason}
            readOnly={busy}
            aria-invalid={shownReasonError ? true : undefined}
            aria-describedby={shownReasonError ? `${id}-reason-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setTouched(true);
            }}
          />
          {shownReasonError && (
            <p id={`${id}-reason-error`} className="field-error">
              {shownReasonError}
            </p>
          )}
        </div>
      </div>
      <FormFooter saving={busy} onCancel={onClose} submitDisabled={locationId === sale.locationId}>
        {PACK_SALE_TEXTS.correctLocation}
      </FormFooter>
    </form>
  );
}

export function CorrectLocationDialog({ sale, slots, onClose }: CorrectLocationDialogProps) {
  return (
    <Modal open={sale !== null} onOpenChange={(next) => (next ? undefined : onClose())} title={PACK_SALE_TEXTS.correctTitle} size="sm" minimizable={false}>
      {sale && <CorrectLocationForm key={sale.saleId} sale={sale} slots={slots} onClose={onClose} />}
    </Modal>
  );
}
