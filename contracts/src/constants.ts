/** Business constants, timings and limits of SPEC section 9, written once for every part. */
export const TIMINGS = {
  searchDebounceMs: 400,
  autosaveDebounceMs: 1000,
  popoverDelayMs: 300,
  pollVerificationMs: 3000,
  pollCustomerVerificationsMs: 10000,
  loaderFallbackMs: 10000,
  refreshFallbackWaitMs: 10000,
  retryIntervalMs: 1000,
  toastDefaultMs: 5000,
  toastSuccessInfoMs: 2000,
  toastGapMs: 500,
} as const;

export const LIMITS = {
  nameMax: 100,
  addressMin: 3,
  addressMax: 200,
  cityMax: 20,
  stateMax: 2,
  zipLength: 5,
  phoneMinDigits: 10,
  /** Other phone: at most an international number's 15 digits (E.164). */
  phoneOtherMaxDigits: 15,
  passwordMin: 10,
  passwordMax: 128,
  emailMax: 254,
  emailLocalMax: 64,
  searchTermMin: 2,
  retryAttempts: 3,
  /**
   * Raw length a request's free-text field may have before the rules above (trimming, masks)
   * run: far above every SPEC maximum, so those answer with SPEC's message.
   */
  rawTextMax: 1000,
} as const;

export const RETRIED_STATUSES = [408, 429, 502, 503, 504] as const;

export const BREAKPOINTS = {
  /** mobile: width <= 768; tablet: 768-957; laptop: 768-1200; desktop: > 957 */
  mobileMax: 768,
  tabletMax: 957,
  laptopMax: 1200,
} as const;

export const MODAL = { offsetPx: 10, topStartPx: 35, mobileWidthPx: 576 } as const;

export const DEFAULT_LOCATION_ID = 1;
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en-US';
export const LOGIN_FAILURE_NOTICE_WINDOW_MS = 2_678_400_000;

/** Header and query parameter a client uses to ask the read side to catch up first. */
export const MIN_POSITION_HEADER = 'x-min-position';
/** Set on an answer whose read models had not reached the asked position within the server's wait: read again. */
export const READ_MODEL_STALE_HEADER = 'x-read-model-stale';
export const MIN_POSITION_QUERY = 'minPosition';
