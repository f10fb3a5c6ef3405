// Add coupon, second step: how many of the chosen coupon the pack holds (contracts' checkPackItem: 1-99);
// adding a coupon the pack already holds sets its quantity.
import { useIsMutating } from '@tanstack/react-query';
import { checkPackItem, type CouponView } from '@dealer/contracts';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/form/text-field';
import { FormFooter } from '../../../components/ui/modal/form-footer';
import { Modal } from '../../../components/ui/modal/modal';
import { toast } from '../../../components/ui/toaster/toast-store';
import { answerMessage } from '../../../lib/command-answer';
import { useAddPackCoupon } from '../api/add-pack-coupon';
import { packKeys } from '../api/pack-keys';
import { PACK_MESSAGES, PACK_TEXTS } from './pack-texts';

interface QuantityDialogProps {
  packId: string;
  /** The chosen coupon; null closes the dialog. */
  coupon: CouponView | null;
  /** Its quantity in the pack already, if any. */
  existing: number | null;
  onDone: () => void;
}

function QuantityForm({ packId, coupon, existing, onDone }: Omit<QuantityDialogProps, 'coupon'> & { coupon: CouponView }) {
  const [text, setText] = useState(String(existing ?? 1));
  const [error, setError] = useState<string | undefined>();
  const add = useAddPackCoupon({
    onSuccess: (answer) => {
      toast.success(answerMessage(answer, PACK_MESSAGES.couponAdded));
      onDone();
    },
    onError: (e) => {
      toast.errors(e.messages.length ? e.messages : [PACK_MESSAGES.unknownError]);
      setError(e.fields.quantity);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const t = text.trim();
    const checked = checkPackItem({ couponId: coupon.couponId, quantity: /^\d{1,3}$/.test(t) ? Number(t) : t });
    if (!checked.ok) {
      setError(checked.fields.quantity ?? checked.errors[0]);
      return;
    }
    setError(undefined);
    add.mutate({ packId, ...checked.value });
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={add.isPending} className="catalogue-form">
      <div className="modal-body">
        <TextField
          label={PACK_TEXTS.quantity}
          hint={PACK_TEXTS.quantityHint(existing)}
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error}
        />
      </div>
      <FormFooter saving={add.isPending} onCancel={onDone}>
        {PACK_TEXTS.addCoupon}
      </FormFooter>
    </form>
  );
}

export function QuantityDialog({ coupon, ...rest }: QuantityDialogProps) {
  const saving = useIsMutating({ mutationKey: packKeys.addCoupon() }) > 0;
  return (
    <Modal open={coupon !== null} onOpenChange={(open) => (open ? undefined : rest.onDone())} locked={saving} title={coupon ? PACK_TEXTS.quantityTitle(coupon.name) : ''} size="sm">
      {coupon && <QuantityForm key={coupon.couponId} coupon={coupon} {...rest} />}
    </Modal>
  );
}
