// Page-view analytics (SPEC 2.3): pushes page views to window.dataLayer when a tag manager is present,
// logs them in development, and skips the pages that are only ever passed through.
export const UNTRACKED_PATHS = ['/loading', '/logout', '/auth/receiving', '/forbidden'] as const;

export interface PageView {
  event: 'page_view';
  page_path: string;
  page_title: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function isTrackedPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return !(UNTRACKED_PATHS as readonly string[]).includes(path);
}

/** Records one page view; returns it, or null when the path is not tracked. */
export function trackPageView(pathname: string, title: string, target: Pick<Window, 'dataLayer'> | undefined = globalThis.window): PageView | null {
  if (!isTrackedPath(pathname)) return null;
  const view: PageView = { event: 'page_view', page_path: pathname, page_title: title };
  if (target?.dataLayer) target.dataLayer.push(view);
  else if (import.meta.env?.DEV) console.debug('[analytics]', view);
  return view;
}
