// The customer contact form (/customer/contact, issue 13): location (those using the CRM), topic, message (at
// most CONTACT_FORM_MESSAGE_MAX characters, counted as the server counts them) and how the customer wants the
// reply (phone only when their profile has one). The fields are checked with the same rules and messages as
// the server; a server refusal shows its messages at the fields. On success the form gives way to the
// confirmation the server answered, with a way to write another message.
import { useId, useState, type FormEvent } from 'react';
import {
  CONTACT_FORM_MESSAGE_MAX,
  CONTACT_FORM_TOPICS,
  checkContactForm,
  formatPhone,
  messageLength,
  type ContactFormReplyChannel,
  type ContactFormResult,
  type ContactFormTopic,
} from '@dealer/contracts';
import { LocationSelect } from '../../locations/components/location-select';
import { SelectField } from '../../../components/ui/form/select-field';
import { TextAreaField } from '../../../components/ui/form/text-area-field';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useSendContactForm } from '../api/send-contact-form';
import './contact-form.css';

export const CONTACT_FORM_TEXTS = {
  title: 'Contact us',
  intro: 'Send a message to one of our dealerships. The team there reads it and replies the way you choose.',
  topic: 'Topic',
  topicPlaceholder: 'Choose a topic...',
  message: 'Message',
  reply: 'How should we reply?',
  replyEmail: 'By e-mail',
  replyPhone: 'By phone',
  noPhone: 'Add a phone number to your profile to get a reply by phone.',
  send: 'Send message',
  sentTitle: 'Message sent',
  another: 'Write another message',
} as const;

export interface ContactFormCustomer {
  customerId: string;
  emailAddress: string | null;
  phoneMobile: string | null;
  phoneOther: string | null;
}

type Errors = Partial<Record<'locationId' | 'topic' | 'message' | 'preferredReply', string>>;

export function ContactForm({ customer }: { customer: ContactFormCustomer }) {
  const phone = customer.phoneMobile ?? customer.phoneOther;
  const [locationId, setLocationId] = useState<number | null>(null);
  const [topic, setTopic] = useState<ContactFormTopic | ''>('');
  const [message, setMessage] = useState('');
  const [preferredReply, setPreferredReply] = useState<ContactFormReplyChannel>(customer.emailAddress || !phone ? 'email' : 'phone');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<ContactFormResult | null>(null);
  const replyId = useId();
  // A field's message goes once the customer changes that field (it is checked again on submit).
  const clear = (field: keyof Errors) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  const send = useSendContactForm({
    onSuccess: (result) => {
      setSent(result);
      setMessage('');
      setTopic('');
    },
    onError: (error) => {
      setErrors(error.fields as Errors);
      setFormError(Object.keys(error.fields).length ? null : error.messages.join(' '));
    },
  });

  if (sent) {
    return (
      <section className="panel contact-form-sent" role="status" aria-live="polite">
        <h2>{CONTACT_FORM_TEXTS.sentTitle}</h2>
        <p>{sent.confirmation}</p>
        <button type="button" className="btn" onClick={() => setSent(null)}>
          {CONTACT_FORM_TEXTS.another}
        </button>
      </section>
    );
  }

  const length = messageLength(message.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    const checked = checkContactForm({ locationId, topic, message, preferredReply });
    setFormError(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    send.mutate({ customerId: customer.customerId, ...checked.value });
  };

  return (
    <form noValidate className="panel contact-form" onSubmit={submit} aria-busy={send.isPending}>
      <LocationSelect
        value={locationId}
        onChange={(id) => {
          setLocationId(id);
          clear('locationId');
        }}
        error={errors.locationId}
      />
      <SelectField
        label={CONTACT_FORM_TEXTS.topic}
        placeholder={CONTACT_FORM_TEXTS.topicPlaceholder}
        options={CONTACT_FORM_TOPICS}
        value={topic}
        onChange={(e) => {
          setTopic(e.target.value as ContactFormTopic);
          clear('topic');
        }}
        error={errors.topic}
      />
      <TextAreaField
        label={CONTACT_FORM_TEXTS.message}
        rows={6}
        value={message}
        onChange={(e) => {
          setMessage(e.target.value);
          clear('message');
        }}
        error={errors.message}
        hint={`${length} / ${CONTACT_FORM_MESSAGE_MAX} characters`}
      />
      <fieldset className="field contact-form-reply" aria-describedby={errors.preferredReply ? `${replyId}-error` : undefined}>
        <legend className="field-label">{CONTACT_FORM_TEXTS.reply}</legend>
        <label className="contact-form-choice">
          <input type="radio" name="preferredReply" value="email" checked={preferredReply === 'email'} disabled={!customer.emailAddress} onChange={() => {
              setPreferredReply('email');
              clear('preferredReply');
            }} />
          <span>
            {CONTACT_FORM_TEXTS.replyEmail}
            {customer.emailAddress && <span className="contact-form-detail"> · {customer.emailAddress}</span>}
          </span>
        </label>
        <label className="contact-form-choice">
          <input type="radio" name="preferredReply" value="phone" checked={preferredReply === 'phone'} disabled={!phone} onChange={() => {
              setPreferredReply('phone');
              clear('preferredReply');
            }} />
          <span>
            {CONTACT_FORM_TEXTS.replyPhone}
            {phone ? <span className="contact-form-detail"> · {formatPhone(phone)}</span> : <span className="contact-form-detail"> — {CONTACT_FORM_TEXTS.noPhone}</span>}
          </span>
        </label>
        {errors.preferredReply && (
          <p id={`${replyId}-error`} className="field-error">
            {errors.preferredReply}
          </p>
        )}
      </fieldset>
      {formError && (
        <p className="alert alert-danger" role="alert">
          {formError}
        </p>
      )}
      <div className="contact-form-actions">
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending && <Spinner size="sm" label="Sending..." />} {CONTACT_FORM_TEXTS.send}
        </button>
      </div>
    </form>
  );
}
