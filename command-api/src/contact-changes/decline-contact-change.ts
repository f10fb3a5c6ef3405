/**
 * Declining a pending contact change (issue 23, /verify: "approve and decline"): the customer (or
 * staff for them) drops the pending e-mail or phone of `kind`. Its link or code no longer confirms
 * it (the confirmation finds nothing pending), and a message not yet sent is not sent. Nothing was
 * reserved for a pending value (reservations happen on confirmation), so nothing is released.
 * Nothing pending: nothing recorded, the same answer (a retry is harmless).
 */
import { customerStreamId, type ContactKind } from '@dealer/contracts';
import { handle, type CommandContext, type EventStore } from '@dealer/platform';
import { customerDecider } from '@dealer/domain/customer/decider';

export interface DeclinedChange {
  customerId: string;
  kind: ContactKind;
  /** False when nothing was pending. */
  declined: boolean;
  position: number | null;
}

export async function declineContactChange(store: EventStore, customerId: string, kind: ContactKind, ctx: CommandContext): Promise<DeclinedChange> {
  const result = await handle(store, customerStreamId(customerId), customerDecider, { type: 'DeclineContactChange', data: { customerId, kind } }, ctx);
  return { customerId, kind, declined: result.position !== null, position: result.position };
}
