/** Phone formatting of SPEC 5: 10 digits -> (xxx) xxx-xxxx, 7 digits -> xxx-xxxx. */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\D+/g, '');
}

export function formatPhone(value: string | null | undefined): string {
  const d = digitsOnly(value);
  if (d.length === 10) return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  if (d.length === 7) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return value ?? '';
}

/** Display value for a table cell: masked phone, or '-' when empty (SPEC 2.5). */
export function phoneOrDash(value: string | null | undefined): string {
  return value ? formatPhone(value) : '-';
}

/** Applies the (000) 000-0000 input mask to whatever digits were typed so far. */
export function maskPhoneInput(value: string): string {
  const d = digitsOnly(value).slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Characters a phone number is written with besides digits: spaces, ( ) . - + */
const PHONE_WRITING = /^[\d\s().\-+]+$/;

/**
 * The digits of a text that is a phone number in any writing ('(720) 555-0123', '720.555.0123',
 * '+1 720 555 0123'), as the product stores phones (10 digits, no country code for +1); null when
 * the text is not a phone number (an e-mail address, a name).
 */
export function phoneDigitsOf(value: string): string | null {
  const text = value.trim();
  if (!PHONE_WRITING.test(text)) return null;
  const d = digitsOnly(text);
  if (d.length === 11 && d.startsWith('1')) return d.slice(1);
  return d.length >= 7 && d.length <= 15 ? d : null;
}
