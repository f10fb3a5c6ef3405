// Staff record a customer's consent to coupon reminders (source 'staff'): a small dialog from the selected
// customer's panel on /employee/sales, loaded when first opened.
import { fullName, MARKETING_CONSENT_TEXTS } from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { ConsentSwitches, type ConsentCustomer } from './consent-switches';

export interface MarketingConsentDialogProps {
  open: boolean;
  customer: ConsentCustomer & { firstName: string | null; lastName: string | null };
  onClose: () => void;
  /** After each saved change. */
  onSaved: () => void;
}

export function MarketingConsentDialog({ open, customer, onClose, onSaved }: MarketingConsentDialogProps) {
  const t = MARKETING_CONSENT_TEXTS;
  const name = fullName(customer);
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={t.staffTitle} size="sm" minimizable={false}>
      {open && (
        <>
          <div className="modal-body consent-dialog-body">
            <p>{t.staffIntro(name)}</p>
            <ConsentSwitches
              customer={customer}
              labels={{ email: t.staffEmailLabel, sms: t.staffSmsLabel, needsMobile: t.staffNeedsMobile }}
              smsDisclosure={t.staffSmsDisclosure}
              onSaved={onSaved}
            />
          </div>
          <div className="modal-footer">
            <button type="button" className="btn btn-primary" onClick={() => onClose()}>
              Done
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
