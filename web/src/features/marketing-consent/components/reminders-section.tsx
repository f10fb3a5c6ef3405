// My profile's Reminders section: the customer's own consent to reminders before their coupons expire.
import { MARKETING_CONSENT_TEXTS } from '@dealer/contracts';
import { ConsentSwitches, type ConsentCustomer } from './consent-switches';

export function RemindersSection({ customer, onSaved }: { customer: ConsentCustomer; onSaved: () => void }) {
  const t = MARKETING_CONSENT_TEXTS;
  return (
    <section className="panel reminders-panel" aria-labelledby="reminders-title">
      <h2 id="reminders-title">{t.sectionTitle}</h2>
      <p className="muted reminders-intro">{t.sectionIntro}</p>
      <ConsentSwitches customer={customer} labels={{ email: t.emailLabel, sms: t.smsLabel, needsMobile: t.smsNeedsMobile }} smsDisclosure={t.smsDisclosure} onSaved={onSaved} />
    </section>
  );
}
