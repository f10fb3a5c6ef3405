// Renders the real app (providers, router, guards, lazy pages) at an address, for a signed-in person or nobody.
// The app finds out who is signed in as it does in a browser: its first guard asks POST /auth-api/refresh.
import { configure, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ApiEnvelope, AuthTokenPayload } from '@dealer/contracts';
import { App } from '../app/app';
import { server } from './app-server';

// A page's code loads on its first visit; in a test that includes transforming it, which can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

export interface RenderAppOptions {
  /** Who the refresh cookie belongs to; null: nobody is signed in (the refresh answers 401). */
  as: AuthTokenPayload | null;
}

export interface RenderedApp extends RenderResult {
  user: UserEvent;
}

/** POST /auth-api/refresh for a session (or 401 without one); the single-use cookie is not modelled. */
export function refreshHandler(as: AuthTokenPayload | null) {
  return http.post('/auth-api/refresh', () =>
    as
      ? HttpResponse.json<ApiEnvelope<AuthTokenPayload>>({ dataSet: as })
      : HttpResponse.json({ title: 'Unauthorized', status: 401, errors: [] }, { status: 401 }),
  );
}

export function renderApp(path: string, { as }: RenderAppOptions): RenderedApp {
  server.use(refreshHandler(as));
  // A browser that signed in keeps the marker that makes a page load ask for its session.
  if (as) window.localStorage.setItem('SESSION_MAY_EXIST', '1');
  // The router reads the address when it is created, as on a page load.
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  return { user, ...render(<App />) };
}
