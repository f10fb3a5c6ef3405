import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port';
import { toIntegrationMessage } from './integration-event';

describe('integration message', () => {
  const sealed = { alg: 'aes-256-gcm', iv: 'aXY=', tag: 'dGFn', ciphertext: 'Y2lwaGVy', fields: ['email'] };
  const event: RecordedEvent = {
    streamId: 'customer-7',
    revision: 3,
    globalPosition: 42,
    type: 'CustomerContactChangeRequested',
    data: { customerId: '7', __pii: sealed },
    metadata: { eventId: 'e-1', correlationId: 'c-1', causationId: null, actor: 'user:1', time: '2025-01-01T00:00:00.000Z' },
  };

  it('should key the message by stream and carry the event exactly as stored, personal fields still sealed', () => {
    const message = toIntegrationMessage(event);
    expect(message.key).toBe('customer-7');
    expect(JSON.parse(message.value)).toEqual({
      eventId: 'e-1',
      type: 'CustomerContactChangeRequested',
      streamId: 'customer-7',
      revision: 3,
      globalPosition: 42,
      data: { customerId: '7', __pii: sealed },
      metadata: event.metadata,
    });
    expect(message.headers['event-id']).toBe('e-1');
  });
});
