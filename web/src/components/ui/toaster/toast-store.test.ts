// Unit tests of the toast queue: SPEC 2.5 hide times and the 500 ms gap between toasts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Store from './toast-store';

let store: typeof Store;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  store = await import('./toast-store');
});

afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('should hide success and info after 2000 ms, others after 5000 ms, and keep errors', () => {
    expect(store.toastDuration('success')).toBe(2000);
    expect(store.toastDuration('info')).toBe(2000);
    expect(store.toastDuration('warning')).toBe(5000);
    expect(store.toastDuration('danger')).toBeNull();
  });

  it('should show toasts raised together 500 ms apart, in order', async () => {
    store.toast.errors(['First.', 'Second.', 'Third.']);
    expect(store.getToasts().map((t) => t.message)).toEqual(['First.']);
    await vi.advanceTimersByTimeAsync(499);
    expect(store.getToasts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getToasts().map((t) => t.message)).toEqual(['First.', 'Second.']);
    await vi.advanceTimersByTimeAsync(500);
    expect(store.getToasts().map((t) => t.message)).toEqual(['First.', 'Second.', 'Third.']);
  });

  it('should notify subscribers and remove a dismissed toast', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribeToasts(listener);
    const id = store.toast.success('Saved.');
    store.dismissToast(id);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getToasts()).toEqual([]);
    unsubscribe();
  });
});
