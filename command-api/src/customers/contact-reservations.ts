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
import { CUSTOMER_MESSAGES, customerStreamId } from '@dealer/contracts';
import { DomainError, appendDecided, handle, load, WrongExpectedRevisionError, type CommandContext, type EventStore } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';
import { customerHoldsContactValue, reservationDecider, type ContactValue, type ContactValueKind, type ReservationEvent } from '@dealer/domain/contact-reservation/decide';

// The values and the reservation stream's decider are the domain's (domain/src/contact-reservation).
export { contactValuesOf, normaliseEmail, normaliseMobile, type ContactValue, type ContactValueKind } from '@dealer/domain/contact-reservation/decide';

/** How long a fresh reservation counts without looking at its holder (creation or confirmation in flight). */
export const RESERVATION_GRACE_MS = 120_000;

/** The reservation key from a server secret (a separate key per purpose, never the secret itself). */
export function reservationKeyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('dealer:contact-reservation:v1').digest();
}

export function reservationStreamId(key: Buffer, v: ContactValue): string {
  return `contact-reservation-${v.kind}-${createHmac('sha256', key).update(`${v.kind}:${v.value}`).digest('hex')}`;
}

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
    const { state } = await load(this.store, customerStreamId(holderId), customerDecider);
    // Erasure releases every value of the customer at once.
    if (state.status === 'active' && state.personalDataErased) return false;
    const young = since !== null && this.clock().getTime() - Date.parse(since) < RESERVATION_GRACE_MS;
    if (young) return true;
    return customerHoldsContactValue(state, v);
  }

  /** Who holds the value now (a customer id), or null: nobody, or a holder that no longer has it. */
  async holderOf(v: ContactValue): Promise<string | null> {
    const { state } = await load(this.store, reservationStreamId(this.key, v), reservationDecider);
    if (state.holderId === null) return null;
    return (await this.holderStillHolds(state.holderId, v, state.since)) ? state.holderId : null;
  }

  private async reserveOne(holderId: string, v: ContactValue, ctx: CommandContext): Promise<void> {
    const streamId = reservationStreamId(this.key, v);
    for (let attempt = 0; ; attempt++) {
      const loaded = await load(this.store, streamId, reservationDecider);
      const { state } = loaded;
      const holderGone = state.holderId !== null && state.holderId !== holderId && !(await this.holderStillHolds(state.holderId, v, state.since));
      let events: ReservationEvent[];
      try {
        events = reservationDecider.decide({ type: 'ReserveContactValue', data: { kind: v.kind, holderId, holderGone } }, state);
      } catch {
        throw new ContactValueTakenError(v.kind);
      }
      try {
        // Appended at the revision read (nothing to append: this holder has it already).
        await appendDecided(this.store, streamId, reservationDecider, loaded, events, ctx);
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
      // Read, decide and append at the revision read; a writer in between: read and decide again.
      await handle(this.store, reservationStreamId(this.key, v), reservationDecider, { type: 'ReleaseContactValue', data: { kind: v.kind, holderId } }, ctx, { retries: 4 });
    }
  }
}
