// The two reminder switches (e-mail, texts), saved on change with a toast: My profile's Reminders section and
// the staff dialog. While a change saves, its switch shows the new position and waits; a refusal puts it back.
import { DEFAULT_MARKETING_CONSENT, MARKETING_CONSENT_TEXTS, type MarketingChannel, type MarketingConsent } from '@dealer/contracts';
import { useId } from 'react';
import { SwitchField } from '../../../components/ui/form/switch-field';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useSetMarketingConsent } from '../api/set-marketing-consent';
import './marketing-consent.css';

export interface ConsentCustomer {
  customerId: string;
  phoneMobile: string | null;
  marketingConsent?: MarketingConsent;
}

interface ConsentSwitchesProps {
  customer: ConsentCustomer;
  labels: { email: string; sms: string; needsMobile: string };
  /** Shown under the texts switch while it can be turned on (the consent wording). */
  smsDisclosure?: string;
  /** After a saved change: the caller reads the customer again. */
  onSaved: () => void;
}

export function ConsentSwitches({ customer, labels, smsDisclosure, onSaved }: ConsentSwitchesProps) {
  const id = useId();
  const consent = customer.marketingConsent ?? DEFAULT_MARKETING_CONSENT;
  const save = useSetMarketingConsent({
    onSuccess: (result) => {
      toast.success(MARKETING_CONSENT_TEXTS.saved(result.channel, result.granted));
      onSaved();
    },
    onError: (error) => toast.errors(error.messages),
  });
  const pending = save.isPending ? save.variables : undefined;
  const shown = (channel: MarketingChannel) => (pending?.channel === channel ? pending.granted : consent[channel]);
  const change = (channel: MarketingChannel, granted: boolean) => save.mutate({ customerId: customer.customerId, channel, granted });
  const hasMobile = Boolean(customer.phoneMobile);
  // Texts can always be turned off; on only with a mobile phone.
  const smsDisabled = save.isPending || (!hasMobile && !consent.sms);
  const smsHint = `${id}-sms-hint`;

  return (
    <div className="consent-switches" aria-busy={save.isPending}>
      <div className="consent-switch">
        <SwitchField label={labels.email} checked={shown('email')} disabled={save.isPending} onChange={(e) => change('email', e.currentTarget.checked)} />
      </div>
      <div className="consent-switch">
        <SwitchField
          label={labels.sms}
          checked={shown('sms')}
          disabled={smsDisabled}
          aria-describedby={smsHint}
          onChange={(e) => change('sms', e.currentTarget.checked)}
        />
        <p id={smsHint} className="consent-hint">
          {hasMobile ? smsDisclosure : labels.needsMobile}
        </p>
      </div>
    </div>
  );
}
