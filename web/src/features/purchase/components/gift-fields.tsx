// The checkout's gift option (issue 13 "Gifts"): "Buy as a gift" reveals the recipient's e-mail and a short message.
// The pack then goes to the recipient, who gets an e-mail with a link to claim it; nothing is issued to the buyer.
import { GIFT_LIFETIME_DAYS, GIFT_MESSAGE_MAX, GIFT_RECIPIENT_EMAIL_MAX } from '@dealer/contracts';
import { SwitchField } from '../../../components/ui/form/switch-field';
import { TextAreaField } from '../../../components/ui/form/text-area-field';
import { TextField } from '../../../components/ui/form/text-field';

export interface GiftValues {
  isGift: boolean;
  recipientEmail: string;
  giftMessage: string;
}

export const noGift: GiftValues = { isGift: false, recipientEmail: '', giftMessage: '' };

/** What the order request carries: nothing unless it is a gift. */
export function giftRequestOf(values: GiftValues): { recipientEmail?: string; giftMessage?: string } {
  if (!values.isGift) return {};
  return { recipientEmail: values.recipientEmail.trim(), ...(values.giftMessage.trim() ? { giftMessage: values.giftMessage.trim() } : {}) };
}

export function GiftFields({ values, onChange, errors }: { values: GiftValues; onChange: (values: GiftValues) => void; errors: Record<string, string> }) {
  return (
    <div className="purchase-gift">
      <SwitchField label="Buy as a gift for someone else" checked={values.isGift} onChange={(e) => onChange({ ...values, isGift: e.target.checked })} />
      {values.isGift && (
        <>
          <TextField
            label="Recipient's e-mail"
            type="email"
            autoComplete="off"
            maxLength={GIFT_RECIPIENT_EMAIL_MAX}
            hint={`We e-mail them a link to claim the pack (it works for ${GIFT_LIFETIME_DAYS} days). The coupons become theirs, not yours.`}
            value={values.recipientEmail}
            onChange={(e) => onChange({ ...values, recipientEmail: e.target.value })}
            error={errors.recipientEmail}
          />
          <TextAreaField
            label="Message (optional)"
            maxLength={GIFT_MESSAGE_MAX}
            hint={`${values.giftMessage.length} of ${GIFT_MESSAGE_MAX} characters`}
            value={values.giftMessage}
            onChange={(e) => onChange({ ...values, giftMessage: e.target.value })}
            error={errors.giftMessage}
          />
        </>
      )}
    </div>
  );
}
