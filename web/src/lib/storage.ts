// Browser storage keys (SPEC 3) and safe accessors that survive disabled storage.
export const STORAGE_KEYS = {
  employeeCustomerId: 'EMPLOYEE_CUSTOMER_ID',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode, policy); the app works without it.
  }
}
