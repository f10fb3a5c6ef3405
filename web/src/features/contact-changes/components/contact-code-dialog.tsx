// Enter Code (staff): a small modal of the stack where the employee types the code the customer reads out.
// Closes with true once the phone change is confirmed, null on cancel.
import { useIsMutating } from '@tanstack/react-query';
import { fullName } from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';
import { contactCodeKeys } from '../api/confirm-contact-code';
import { ContactCodeForm } from './contact-code-form';

export interface ContactCodeDialogProps {
  open: boolean;
  customer: { customerId: string; firstName: string | null; lastName: string | null };
  /** The pending new number, formatted for display. */
  pendingPhoneLabel?: string;
  onClose: (result: true | null) => void;
}

export const contactCodeDialogTitle = (customer: ContactCodeDialogProps['customer']) => `Enter Code: ${fullName(customer)}`.trim();

export function ContactCodeDialog({ open, customer, pendingPhoneLabel, onClose }: ContactCodeDialogProps) {
  const locked = useIsMutating({ mutationKey: contactCodeKeys.confirm }) > 0;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose(null))}
      locked={locked}
      title={contactCodeDialogTitle(customer)}
      size="sm"
      minimizable={false}
    >
      {open && (
        <ContactCodeForm
          customerId={customer.customerId}
          audience="employee"
          pendingPhoneLabel={pendingPhoneLabel}
          layout="dialog"
          autoFocus
          onConfirmed={() => onClose(true)}
          onCancel={() => onClose(null)}
        />
      )}
    </Modal>
  );
}
