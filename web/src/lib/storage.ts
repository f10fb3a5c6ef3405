// Browser storage keys (SPEC 3) and safe accessors that survive disabled storage.
export const STORAGE_KEYS = {
  employeeCustomerId: 'EMPLOYEE_CUSTOMER_ID',
  /** The auth token payload, per tab (decision of issue 3: sessionStorage). */
  authToken: 'auth_token',
  /**
   * '1' while a refresh cookie may exist in this browser (set with every token, removed on sign-out and
   * when a refresh is refused): not a secret, only whether asking /auth-api/refresh is worth it.
   */
  sessionMayExist: 'SESSION_MAY_EXIST',
  /**
   * SPEC 3's list of open forms: the forms open in this browser that keep a server-side draft (decision 0082),
   * added when one opens and removed when it closes; an entry left behind names a form a crash or a closed tab
   * interrupted. A LOGIN clears it with the rest.
   */
  openForms: 'OPEN_FORMS',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // No window (unit tests) or storage disabled (private mode, policy): the app works without it.
    return null;
  }
}

export function readStorage(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, which: Area = 'local'): void {
  try {
    const storage = area(which);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Quota or policy errors: the value is simply not remembered.
  }
}

/** SPEC 4: a LOGIN event clears local and session storage, so nothing of a previous user survives. */
export function clearAllStorage(): void {
  for (const which of ['local', 'session'] as const) {
    try {
      area(which)?.clear();
    } catch {
      // See readStorage.
    }
  }
}
