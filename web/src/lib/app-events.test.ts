// Unit tests of the app-event registry (SPEC 3, 4): listeners by name, the toast of a triggered event's
// message, and POST /api/app-events (fetch stubbed: the server is the boundary).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '@dealer/contracts';
import type * as Registry from './app-events';
import type * as Toasts from '../components/ui/toaster/toast-store';

let registry: typeof Registry;
let toasts: typeof Toasts;
let fetchMock: ReturnType<typeof vi.fn>;

const event = (name: string, message: string | null = null, isTriggered = true): AppEvent => ({
  eventId: `e-${name}`,
  appId: 'dealer-web',
  customerId: 'c-1',
  type: name,
  name,
  message,
  data: null,
  isTriggered,
  createdDate: '2025-01-01T00:00:00.000Z',
  triggeredDate: '2025-01-01T00:00:00.000Z',
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  // Fresh modules per test: listeners and toasts are module state.
  vi.resetModules();
  registry = await import('./app-events');
  toasts = await import('../components/ui/toaster/toast-store');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('app-event listeners', () => {
  it('should push an event only to the listeners of its name, until they unsubscribe', () => {
    const login = vi.fn();
    const other = vi.fn();
    const stop = registry.onAppEvent('Login', login);
    registry.onAppEvent('Purchase', other);
    registry.publishAppEvent(event('Login'));
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ name: 'Login' }));
    expect(other).not.toHaveBeenCalled();
    stop();
    registry.publishAppEvent(event('Login'));
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('should still reach the other listeners when one throws', () => {
    const second = vi.fn();
    registry.onAppEvent('Login', () => {
      throw new Error('broken listener');
    });
    registry.onAppEvent('Login', second);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registry.publishAppEvent(event('Login'));
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('triggerAppEvent', () => {
  it('should post the type and customer, push each triggered event to its listeners and toast its message', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { dataSet: [{ event: event('Login', 'Welcome back!'), result: null }], metaData: { position: '1' } }));
    const heard = vi.fn();
    registry.onAppEvent('Login', heard);
    const triggered = await registry.triggerAppEvent('Login', 'c-1');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/app-events');
    expect(JSON.parse((fetchMock.mock.calls[0]?.[1] as RequestInit).body as string)).toEqual({ type: 'Login', customerId: 'c-1' });
    expect(triggered.map((e) => e.name)).toEqual(['Login']);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(toasts.getToasts()).toEqual([expect.objectContaining({ type: 'info', message: 'Welcome back!' })]);
  });

  it('should toast nothing for an event without a message and skip events that were not triggered', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { dataSet: [{ event: event('Login'), result: null }, { event: event('Login', 'Not now', false), result: null }, { event: null, result: null }] }));
    const heard = vi.fn();
    registry.onAppEvent('Login', heard);
    expect(await registry.triggerAppEvent('Login', 'c-1')).toHaveLength(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(toasts.getToasts()).toEqual([]);
  });

  it('should throw the server error and tell no listener', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { title: 'validation', status: 400, errors: ['Unknown app event type.'] }));
    const heard = vi.fn();
    registry.onAppEvent('Login', heard);
    await expect(registry.triggerAppEvent('Login', 'c-1')).rejects.toMatchObject({ status: 400, messages: ['Unknown app event type.'] });
    expect(heard).not.toHaveBeenCalled();
  });
});
