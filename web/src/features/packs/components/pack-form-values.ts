// The pack form as typed (all text) and its translation into PackTerms: the price through parseMoney, whole
// numbers as typed; then contracts' checkPackTerms, the check the server runs, so each rule is stated once.
import { checkPackTerms, formatMoney, parseMoney, type PackTerms, type PackView } from '@dealer/contracts';

export interface PackFormValues {
  name: string;
  description: string;
  price: string;
  termMonths: string;
  /** Optional. */
  termMileage: string;
  /** Checkbox values are strings. */
  locationIds: string[];
}

export type PackFormField = keyof PackFormValues;

export const EMPTY_PACK_FORM: PackFormValues = { name: '', description: '', price: '', termMonths: '12', termMileage: '', locationIds: [] };

export function packFormValues(view: PackView): PackFormValues {
  return {
    name: view.name,
    description: view.description ?? '',
    price: formatMoney(view.price).replace('$', ''),
    termMonths: String(view.termMonths),
    termMileage: view.termMileage === null ? '' : String(view.termMileage),
    locationIds: view.locationIds.map(String),
  };
}

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_PACK_FORM));

/** The form field of a checker or server field name; null for one the form has no place for. */
export const packFormFieldOf = (field: string): PackFormField | null => (FORM_FIELDS.has(field) ? (field as PackFormField) : null);

/** A whole number as typed (commas allowed in a mileage), or the text itself so the check names what is wrong. */
const wholeNumber = (text: string): number | string | undefined => {
  const t = text.trim().replace(/,/g, '');
  if (!t) return undefined;
  return /^\d{1,9}$/.test(t) ? Number(t) : t;
};

export type PackFormResult = { ok: true; terms: PackTerms } | { ok: false; fields: Partial<Record<PackFormField, string>> };

export function packTermsFrom(values: PackFormValues): PackFormResult {
  const fields: Partial<Record<PackFormField, string>> = {};
  let price: number | undefined;
  if (values.price.trim()) {
    // The maximum is the check's, so the message is the server's ('The price can be at most ...').
    const parsed = parseMoney(values.price);
    if (parsed.ok) price = parsed.value;
    else fields.price = parsed.error;
  }
  const checked = checkPackTerms({
    name: values.name,
    description: values.description,
    price,
    termMonths: wholeNumber(values.termMonths),
    termMileage: wholeNumber(values.termMileage) ?? null,
    locationIds: values.locationIds.map(Number),
  });
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.fields)) {
      const target = packFormFieldOf(field);
      if (target && fields[target] === undefined) fields[target] = message;
    }
  }
  if (Object.keys(fields).length > 0 || !checked.ok) return { ok: false, fields };
  return { ok: true, terms: checked.value };
}
