/**
 * The integration event: how one stored event is published to other systems (Kafka).
 * The data goes out exactly as stored, so personal fields stay sealed inside `__pii` and
 * erasing a customer's key (crypto-shredding) also covers every copy outside this system.
 */
import type { EventMetadata, RecordedEvent } from '../event-store/port';

export interface IntegrationEvent {
  /** Consumers deduplicate on this: delivery is at least once. */
  eventId: string;
  type: string;
  streamId: string;
  revision: number;
  globalPosition: number;
  data: unknown;
  metadata: EventMetadata;
}

export interface IntegrationMessage {
  /** The stream id: one stream's events share a partition and so keep their order. */
  key: string;
  value: string;
  headers: Record<string, string>;
}

export function toIntegrationEvent(event: RecordedEvent): IntegrationEvent {
  return {
    eventId: event.metadata.eventId,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    globalPosition: event.globalPosition,
    data: event.data,
    metadata: event.metadata,
  };
}

export function toIntegrationMessage(event: RecordedEvent): IntegrationMessage {
  return {
    key: event.streamId,
    value: JSON.stringify(toIntegrationEvent(event)),
    headers: { 'content-type': 'application/json', 'event-id': event.metadata.eventId, 'event-type': event.type },
  };
}
