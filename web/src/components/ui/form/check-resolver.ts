// A react-hook-form resolver from a form's own check (e.g. contracts' rules through couponTermsFrom): the
// values pass when it is ok, and each of its field messages marks its field otherwise.
import type { FieldErrors, FieldValues, Resolver, ResolverError } from 'react-hook-form';

export type FormCheck<T> = (values: T) => { ok: true } | { ok: false; fields: Partial<Record<string, string>> };

export function checkResolver<T extends FieldValues>(check: FormCheck<T>): Resolver<T> {
  return (values) => {
    const result = check(values);
    if (result.ok) return { values, errors: {} };
    const errors = Object.fromEntries(Object.entries(result.fields).map(([field, message]) => [field, { type: 'validate', message }]));
    const failed: ResolverError<T> = { values: {}, errors: errors as FieldErrors<T> };
    return failed;
  };
}
