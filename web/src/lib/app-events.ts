// App events (SPEC 3, 4, 7): a triggered event is pushed to the listeners of its name, and its message,
// if present, is shown as a toast. Components subscribe by name with onAppEvent or useAppEvent.
import { useEffect, useRef } from 'react';
import type { ApiEnvelope, AppEvent, AppEventResult, AppEventType } from '@dealer/contracts';
import { toast } from '../components/ui/toaster/toast-store';
import { api } from './api-client';

export type AppEventListener = (event: AppEvent) => void;

const listeners = new Map<string, Set<AppEventListener>>();

/** Subscribes to the events of one name; answers the unsubscribe function. */
export function onAppEvent(name: string, listener: AppEventListener): () => void {
  const named = listeners.get(name) ?? new Set<AppEventListener>();
  named.add(listener);
  listeners.set(name, named);
  return () => {
    named.delete(listener);
    if (named.size === 0 && listeners.get(name) === named) listeners.delete(name);
  };
}

/** Pushes an event to the listeners of its name; one failing listener does not stop the others. */
export function publishAppEvent(event: AppEvent): void {
  for (const listener of [...(listeners.get(event.name) ?? [])]) {
    try {
      listener(event);
    } catch (error) {
      if (import.meta.env.DEV) console.error(`App event listener for ${event.name} failed`, error);
    }
  }
}

/**
 * Triggers an app event for a customer (POST /api/app-events) and hands each triggered event to the
 * listeners of its name, showing its message as a toast. Answers the triggered events; request
 * errors are thrown (ApiError) for the caller to decide.
 */
export async function triggerAppEvent(type: AppEventType, customerId: string): Promise<AppEvent[]> {
  const response = await api.post<ApiEnvelope<AppEventResult[] | null>>('/api/app-events', { type, customerId }, { retry: false });
  const triggered = (response.dataSet ?? []).flatMap(({ event }) => (event && event.isTriggered !== false ? [event] : []));
  for (const event of triggered) {
    if (event.message) toast.info(event.message);
    publishAppEvent(event);
  }
  return triggered;
}

/** Calls `listener` for every event of `name` while the component is mounted (the latest listener wins). */
export function useAppEvent(name: string, listener: AppEventListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onAppEvent(name, (event) => latest.current(event)), [name]);
}
