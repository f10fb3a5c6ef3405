/**
 * Decorates an EventStore so personal fields never reach it in clear: on append they are
 * sealed into `__pii` with the subject's key; on read they are opened again, or come back
 * null with `personalDataErased: true` once the key is erased.
 */
import { PERSONAL_DATA_SUBJECT_FIELD, PERSONAL_FIELD_SET } from '@dealer/contracts';
import {
  readAllOfTypesByFiltering,
  readyStage,
  type AppendResult,
  type ReadAllOfTypesOptions,
  type ReadAllOfTypesResult,
  type StagedReadResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store/port';
import type { PersonalDataBox, PersonalDataVault } from './vault';

type Data = Record<string, unknown>;

function subjectOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const id = (data as Data)[PERSONAL_DATA_SUBJECT_FIELD];
  return typeof id === 'string' ? id : null;
}

export class ProtectedEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    readonly vault: PersonalDataVault,
  ) {}

  private async seal(event: NewEvent): Promise<NewEvent> {
    const subject = subjectOf(event.data);
    if (!subject) return event;
    const plain: Data = {};
    const personal: Data = {};
    for (const [k, v] of Object.entries(event.data as Data)) {
      if (PERSONAL_FIELD_SET.has(k)) personal[k] = v;
      else plain[k] = v;
    }
    if (Object.keys(personal).length === 0) return event;
    const key = await this.vault.keyFor(subject);
    return { ...event, data: { ...plain, __pii: this.vault.sealFields(key, personal) } };
  }

  async open(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    // An erasure recorded by another process: drop any cached copy of the key now.
    for (const e of events) if (e.type === 'CustomerPersonalDataErased') this.vault.forget(subjectOf(e.data)!);
    const boxed: number[] = [];
    const subjects: string[] = [];
    for (let i = 0; i < events.length; i++) {
      const data = events[i]!.data as Data | null;
      if (!data?.__pii) continue;
      boxed.push(i);
      subjects.push(subjectOf(data)!);
    }
    if (boxed.length === 0) return events;
    const keys = await this.vault.loadKeys(subjects);
    const items = boxed.map((i, j) => ({ key: keys.get(subjects[j]!), box: (events[i]!.data as Data).__pii as PersonalDataBox }));
    const contents = await this.vault.openBoxes(items);
    // Plain loops instead of object rest and spread: a rebuild opens a million events, and V8's
    // generic copy paths cost more than the decryption's bookkeeping.
    const opened: RecordedEvent[] = events.slice();
    for (let j = 0; j < boxed.length; j++) {
      const i = boxed[j]!;
      const e = events[i]!;
      const data = e.data as Data;
      const out: Data = {};
      for (const k in data) if (k !== '__pii') out[k] = data[k];
      const fields = contents[j];
      if (fields) Object.assign(out, fields);
      else {
        for (const f of items[j]!.box.fields) out[f] = null;
        out.personalDataErased = true;
      }
      opened[i] = { streamId: e.streamId, revision: e.revision, globalPosition: e.globalPosition, type: e.type, data: out, metadata: e.metadata };
    }
    return opened;
  }

  async appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const sealed = await Promise.all(events.map((e) => this.seal(e)));
    return this.inner.appendToStream(streamId, sealed, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.open(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.open(await this.inner.readAll(options));
  }

  async readAllOfTypes(options: ReadAllOfTypesOptions): Promise<ReadAllOfTypesResult> {
    const staged = await this.readAllOfTypesStaged(options);
    return { ...staged, events: await staged.events };
  }

  async readAllOfTypesStaged(options: ReadAllOfTypesOptions): Promise<StagedReadResult> {
    // An inner store without it (EventStoreDB): this store's readAll, which opens, filtered.
    if (!this.inner.readAllOfTypes) return readyStage(await readAllOfTypesByFiltering(this, options));
    const result = await this.inner.readAllOfTypes(options);
    const events = this.open(result.events);
    // Marked handled now: the caller awaits it later, after starting its next read.
    events.catch(() => undefined);
    return { ...result, events };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    return this.inner.subscribeToAll({ ...options, onBatch: async (batch) => options.onBatch(await this.open(batch)) });
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  async close(): Promise<void> {
    await Promise.all([this.inner.close(), this.vault.close()]);
  }
}
