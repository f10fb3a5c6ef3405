// The MSW server of the route-level tests: every request the app makes must be answered by a handler the test
// knows about. An unhandled request errors in the app (MSW's 'error' strategy) and fails the test that made it.
// DOM matchers (toBeInTheDocument, toHaveTextContent) for every file that starts this server.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { XSRF_COOKIE } from '@dealer/contracts';
import { clearSession } from '../lib/auth/session-store';
import { dismissToast, getToasts } from '../components/ui/toaster/toast-store';
import type { RequestHandler } from 'msw';

export const server = setupServer();

/** Requests no handler answered, as 'METHOD url', since the last test ended. */
const unhandled: string[] = [];

/**
 * Starts the server for the calling test file with these handlers as its baseline (a test adds its own with
 * server.use; they are dropped after each test), and resets what the app keeps between renders (session, storage,
 * cookies, toasts). Call once at the top level of a test file.
 */
export function startAppServer(...handlers: RequestHandler[]): void {
  beforeAll(() => {
    server.resetHandlers(...handlers);
    server.listen({
      onUnhandledRequest(request, print) {
        unhandled.push(`${request.method} ${request.url}`);
        // MSW's own 'error' behaviour: print the request and make it fail in the app.
        print.error();
      },
    });
  });
  beforeEach(() => {
    // The server sets the anti-forgery cookie on its answers; the app echoes it in a header on writes.
    document.cookie = `${XSRF_COOKIE}=test-xsrf; path=/`;
    // Page views go where a tag manager would take them, not to the console.
    window.dataLayer = [];
  });
  afterEach(() => {
    // Testing Library cleans up by itself only with vitest globals, which this repository does not enable.
    cleanup();
    server.resetHandlers();
    clearSession();
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.cookie = `${XSRF_COOKIE}=; path=/; max-age=0`;
    delete window.dataLayer;
    for (const toast of getToasts()) dismissToast(toast.id);
    const missed = unhandled.splice(0);
    // The app turns a failed request into an error message, which a test might not look at: fail here as well.
    if (missed.length > 0) throw new Error(`Requests without a handler (add one to the test):\n  ${missed.join('\n  ')}`);
  });
  afterAll(() => server.close());
}
