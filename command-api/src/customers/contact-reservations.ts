/**
 * Write-time uniqueness of a customer's e-mail and mobile phone (issue 10 item 12, SPEC 5 'You
 * cannot save new customers with an existing email or phone.').
 *
 * One reservation stream per normalised value, through the EventStore port (so it holds with the
 * PostgreSQL and the EventStoreDB adapters alike): `contact-reservation-{kind}-{hmac}`. The stream
 * name carries an HMAC of the normalised value under a server key, never the value. A
 * reservation is taken by appending `ContactValueReserved` at the revision the reader saw, so of
 * two racing customers exactly one append wins; the loser re-reads and finds the value held.
 *
 * The customer's own stream stays the truth: a reservation older than a short grace period
 * counts only while its holder still has that value (an erased customer, or one whose e-mail or
 * mobile has moved on, releases it, even when the explicit release after a change was lost). In
 * the grace period a reservation counts as is: its customer is being created or its change
 * confirmed right now.
 */
import { createHmac } from 'node:crypto';
import { CUSTOMER_MESSAGES, customerStreamId, digitsOnly } from '@dealer/contracts';
import { DomainError, WrongExpectedRevisionError, toNewEvents, type CommandContext, type Decider, type EventStore } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';

export type ContactValueKind = 'email' | 'mobile';

export interface ContactValue {
  kind: ContactValueKind;
  /** Normalised: e-mail trimmed and lower case, mobile phone digits only. */
  value: string;
}

export type ReservationEvent =
  | { type: 'ContactValueReserved'; data: { kind: ContactValueKind; holderId: string } }
  | { type: 'ContactValueReleased'; data: { kind: ContactValueKind; holderId: string } };

export interface ReservationState {
  holderId: string | null;
  /** When the current holder reserved it (event metadata time). */
  since: string | null;
}

/** How long a fresh reservation counts without looking at its holder (creation or confirmation in flight). */
export const RESERVATION_GRACE_MS = 120_000;

export const normaliseEmail = (email: string | null | undefined) => (email ?? '').trim().toLowerCase();
export const normaliseMobile = (phone: string | null | undefined) => digitsOnly(phone ?? '');

/** The values of a profile that must be unique among customers (empty ones are not). */
export function contactValuesOf(profile: { emailAddress: string | null | undefined; phoneMobile: string | null | undefined }): ContactValue[] {
  const values: ContactValue[] = [];
  const email = normaliseEmail(profile.emailAddress);
  const mobile = normaliseMobile(profile.phoneMobile);
  if (email) values.push({ kind: 'email', value: email });
  if (mobile) values.push({ kind: 'mobile', value: mobile });
  return values;
}

/** The reservation key from a server secret (a separate key per purpose, never the secret itself). */
export function reservationKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('dealer:contact-reservation:v1').digest();
}

export function reservationStreamId(key: Buffer, v: ContactValue): string {
  return `contact-reservation-${v.kind}-${createHmac('sha256', key).update(`${v.kind}:${v.value}`).digest('hex')}`;
}

export interface ReservationCommand {
  type: 'ReserveContactValue' | 'ReleaseContactValue';
  data: { kind: ContactValueKind; holderId: string; /** For a reserve: the current holder no longer holds it (checked by the caller). */ holderGone?: boolean };
}

/** Pure decider of one reservation stream. */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  initialState: () => ({ holderId: null, since: null }),
  evolve: (state, event) => {
    const e = event as ReservationEvent & { metadata?: { time?: string } };
    if (e.type === 'ContactValueReserved') return { holderId: e.data.holderId, since: e.metadata?.time ?? null };
    if (e.type === 'ContactValueReleased' && state.holderId === e.data.holderId) return { holderId: null, since: null };
    return state;
  },
  decide: (command, state) => {
    const { kind, holderId } = command.data;
    if (command.type === 'ReleaseContactValue') {
      return state.holderId === holderId ? [{ type: 'ContactValueReleased', data: { kind, holderId } }] : [];
    }
    if (state.holderId === holderId) return [];
    if (state.holderId !== null && !command.data.holderGone) throw new DomainError('conflict', [CUSTOMER_MESSAGES.duplicate]);
    return [{ type: 'ContactValueReserved', data: { kind, holderId } }];
  },
};

/** Thrown when another customer holds the value; `kind` says which. */
export class ContactValueTakenError extends DomainError {
  constructor(
    readonly contactKind: ContactValueKind,
    message: string = CUSTOMER_MESSAGES.duplicate,
  ) {
    super('conflict', [message]);
  }
}

export class ContactReservations {
  constructor(
    private readonly store: EventStore,
    private readonly key: Buffer,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Does the holder (a customer id) still hold the value? False for an erased customer or a value it no longer has. */
  private async holderStillHolds(holderId: string, v: ContactValue, since: string | null): Promise<boolean> {
    const history = await this.store.readStream(customerStreamId(holderId));
    // Erasure releases every value of the customer at once.
    if (history.some((e) => e.type === 'CustomerPersonalDataErased')) return false;
    const young = since !== null && this.clock().getTime() - Date.parse(since) < RESERVATION_GRACE_MS;
    if (young) return true;
    const state = history.reduce(customerDecider.evolve, customerDecider.initialState());
    if (state.status !== 'active') return false;
    const current = v.kind === 'email' ? normaliseEmail(state.profile.emailAddress) : normaliseMobile(state.profile.phoneMobile);
    if (current === v.value) return true;
    // A change of this holder to this value being confirmed holds it too.
    const pending = state.contact.pending[v.kind === 'email' ? 'email' : 'phone']?.value;
    return pending !== undefined && (v.kind === 'email' ? normaliseEmail(pending) : normaliseMobile(pending)) === v.value;
  }

  /** Who holds the value now (a customer id), or null: nobody, or a holder that no longer has it. */
  async holderOf(v: ContactValue): Promise<string | null> {
    const history = await this.store.readStream(reservationStreamId(this.key, v));
    const state = history.reduce(reservationDecider.evolve, reservationDecider.initialState());
    if (state.holderId === null) return null;
    return (await this.holderStillHolds(state.holderId, v, state.since)) ? state.holderId : null;
  }

  private async reserveOne(holderId: string, v: ContactValue, ctx: CommandContext): Promise<void> {
    const streamId = reservationStreamId(this.key, v);
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(streamId);
      const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
      const state = history.reduce(reservationDecider.evolve, reservationDecider.initialState());
      const holderGone = state.holderId !== null && state.holderId !== holderId && !(await this.holderStillHolds(state.holderId, v, state.since));
      let events: ReservationEvent[];
      try {
        events = reservationDecider.decide({ type: 'ReserveContactValue', data: { kind: v.kind, holderId, holderGone } }, state);
      } catch {
        throw new ContactValueTakenError(v.kind);
      }
      if (events.length === 0) return;
      try {
        await this.store.appendToStream(streamId, toNewEvents(events, ctx), { expectedRevision: revision === -1 ? 'no_stream' : revision });
        return;
      } catch (error) {
        // Someone appended first: read again (they now hold it, or released it).
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= 4) throw error;
      }
    }
  }

  /**
   * Reserves every value for the holder, or none: when one is taken, the ones reserved by this
   * call are released again and ContactValueTakenError is thrown.
   */
  async reserve(holderId: string, values: ContactValue[], ctx: CommandContext): Promise<void> {
    const done: ContactValue[] = [];
    try {
      for (const v of values) {
        await this.reserveOne(holderId, v, ctx);
        done.push(v);
      }
    } catch (error) {
      await this.release(holderId, done, ctx).catch(() => undefined);
      throw error;
    }
  }

  /** Releases the values the holder holds (others' reservations are left alone). */
  async release(holderId: string, values: ContactValue[], ctx: CommandContext): Promise<void> {
    for (const v of values) {
      const streamId = reservationStreamId(this.key, v);
      for (let attempt = 0; ; attempt++) {
        const history = await this.store.readStream(streamId);
        const revision = history.length > 0 ? history[history.length - 1]!.revision : -1;
        const state = history.reduce(reservationDecider.evolve, reservationDecider.initialState());
        const events = reservationDecider.decide({ type: 'ReleaseContactValue', data: { kind: v.kind, holderId } }, state);
        if (events.length === 0) break;
        try {
          await this.store.appendToStream(streamId, toNewEvents(events, ctx), { expectedRevision: revision });
          break;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= 4) throw error;
        }
      }
    }
  }
}
