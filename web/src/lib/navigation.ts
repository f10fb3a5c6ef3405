// Lets non-React code (the API client's auth hooks, the focus listener) navigate through the router.
export interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

let navigateImpl: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

/** The router registers itself here once created; until then a full page load is used. */
export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  navigateImpl(to, options);
}
