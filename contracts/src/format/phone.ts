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
