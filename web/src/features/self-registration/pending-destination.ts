// Where a visitor who registers from /purchase goes once the e-mailed link has signed them in: kept in
// this browser (the link usually opens here, in a new tab) for a day; another device lands on My coupons.
const KEY = 'dealer.registration.destination';
const LIFETIME_MS = 24 * 3600 * 1000;

export function rememberDestination(destination: string | null, now = Date.now()): void {
  try {
    if (destination) localStorage.setItem(KEY, JSON.stringify({ destination, at: now }));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage off (private mode): the customer lands on their default page instead.
  }
}

/** The remembered destination (null when none or older than a day). resolveDestination still vets it. */
export function rememberedDestination(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { destination, at } = JSON.parse(raw) as { destination?: unknown; at?: unknown };
    if (typeof destination !== 'string' || typeof at !== 'number' || now - at > LIFETIME_MS || at > now) return null;
    return destination;
  } catch {
    return null;
  }
}

export function forgetDestination(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
