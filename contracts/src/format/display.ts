/** Display value for a field or table cell: the value, or '-' when it is empty (SPEC 2.5). */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
