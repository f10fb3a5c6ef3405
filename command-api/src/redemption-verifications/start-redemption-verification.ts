/**
 * Starting a redemption verification (POST /api/redemption-verifications) and sending it
 * again (POST /api/redemption-verifications/{id}/resend). A start for an RO and customer that
 * already have an open verification sends that one again instead of opening a second, so the
 * rate limit holds however the client asks. The workers send the message when they see the
 * event.
 */
import {
  CUSTOMER_MESSAGES,
  REDEMPTION_MESSAGES,
  checkStartRequest,
  outcomeAt,
  redemptionVerificationStreamId,
  redemptionVerificationView,
  type RedemptionVerification,
  type RedemptionVerificationType,
} from '@dealer/contracts';
import { DomainError, WrongExpectedRevisionError, createdByRequest, decideOn, handle, load, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { foldEvents } from '@dealer/domain';
import { REDEMPTION_SLOT_MESSAGES, redemptionSlotDecider, redemptionSlotStreamId, redemptionVerificationDecider, type RedemptionVerificationCommand } from '@dealer/domain/redemption-verification/decide';
import { loadCustomer, locationName, openVerificationOf, roOpCodes, ruleOpCodes, type VerificationCustomerRecord } from './lookups';

export interface VerificationAnswer {
  verification: RedemptionVerification;
  position: number | null;
}

export interface RedemptionDeps {
  store: EventStore;
  sql: Sql;
}

const customerNotFound = () => new DomainError('not_found', [CUSTOMER_MESSAGES.notFound], { customerId: CUSTOMER_MESSAGES.notFound });

export async function startRedemptionVerification(deps: RedemptionDeps, body: Record<string, unknown>, ctx: CommandContext): Promise<VerificationAnswer & { resent: boolean }> {
  const checked = checkStartRequest(body);
  if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
  const request = checked.value;
  const customer = await loadCustomer(deps.store, request.customerId);
  if (!customer) throw customerNotFound();
  const jobs = await roOpCodes(deps.sql, request.locationId, request.roNumber);
  if (!jobs) throw new DomainError('not_found', [REDEMPTION_MESSAGES.roNotFound], { roNumber: REDEMPTION_MESSAGES.roNotFound });
  const now = ctx.now();
  const redemptionVerificationId = ctx.newId();
  // A retry of this very request after a crash (its derived id) answers the verification it started, sending nothing again.
  const created = await createdByRequest(deps.store, redemptionVerificationStreamId(redemptionVerificationId), ctx);
  if (created) {
    const state = foldEvents(redemptionVerificationDecider, created.history);
    if (state) return { verification: redemptionVerificationView(state, customer, now, await locationName(deps.sql, request.locationId)), position: created.position, resent: false };
  }

  const open = await openVerificationOf(deps.sql, request, now);
  if (open) return { ...(await resendRedemptionVerification(deps, open, request.type, ctx, customer)), resent: true };

  const command: RedemptionVerificationCommand = {
    type: 'StartRedemptionVerification',
    data: {
      redemptionVerificationId,
      customerId: request.customerId,
      roNumber: request.roNumber,
      locationId: request.locationId,
      type: request.type,
      roOpCodes: jobs,
      ruleOpCodes: await ruleOpCodes(deps.sql, request.locationId),
      preApprovalOpCodes: request.preApprovalOpCodes,
      customer,
      sendId: ctx.newId(),
      now,
    },
  };
  // A start the rules refuse claims nothing.
  redemptionVerificationDecider.decide(command, null);
  // The read model above lags the writes; the slot holds under races (issue 10 item 12).
  const holder = await claimSlot(deps, request, redemptionVerificationId, ctx);
  if (holder !== redemptionVerificationId) return { ...(await resendRedemptionVerification(deps, holder, request.type, ctx, customer)), resent: true };
  let result;
  try {
    result = await handle(deps.store, redemptionVerificationStreamId(redemptionVerificationId), redemptionVerificationDecider, command, ctx);
  } catch (error) {
    await releaseSlot(deps, request, redemptionVerificationId, ctx).catch(() => undefined);
    throw error;
  }
  const verification = redemptionVerificationView(result.state!, customer, now, await locationName(deps.sql, request.locationId));
  return { verification, position: result.position, resent: false };
}

/** How long a claim whose verification is not written yet counts as a start in flight. */
const CLAIM_GRACE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type SlotKey = { locationId: number; roNumber: string; customerId: string };

/**
 * Claims the RO and customer's slot for `candidateId`, or answers the id of the open
 * verification that holds it. A holder whose stream is not written yet is a start in flight:
 * waited for briefly, then (after CLAIM_GRACE_MS without a stream) taken over.
 */
async function claimSlot(deps: RedemptionDeps, key: SlotKey, candidateId: string, ctx: CommandContext): Promise<string> {
  const streamId = redemptionSlotStreamId(key);
  const deadline = Date.now() + 5_000;
  for (;;) {
    const loaded = await load(deps.store, streamId, redemptionSlotDecider);
    const slot = loaded.state;
    let holderClosed = false;
    if (slot.holderId !== null && slot.holderId !== candidateId) {
      const { state: held } = await load(deps.store, redemptionVerificationStreamId(slot.holderId), redemptionVerificationDecider);
      if (held) {
        if (outcomeAt(held, ctx.now()) === null) return slot.holderId;
        holderClosed = true;
      } else if (slot.since !== null && ctx.now().getTime() - Date.parse(slot.since) >= CLAIM_GRACE_MS) {
        holderClosed = true;
      } else {
        if (Date.now() > deadline) throw new DomainError('conflict', [REDEMPTION_SLOT_MESSAGES.starting]);
        await sleep(50);
        continue;
      }
    }
    try {
      // Decided on the slot as read and appended at its revision (nothing to append: this start holds it already).
      await decideOn(deps.store, streamId, redemptionSlotDecider, loaded, { type: 'ClaimRedemptionVerificationSlot', data: { redemptionVerificationId: candidateId, holderClosed } }, ctx);
      return candidateId;
    } catch (error) {
      // Another start claimed it first: read again and find the winner.
      if (!(error instanceof WrongExpectedRevisionError) || Date.now() > deadline) throw error;
    }
  }
}

async function releaseSlot(deps: RedemptionDeps, key: SlotKey, redemptionVerificationId: string, ctx: CommandContext): Promise<void> {
  await handle(deps.store, redemptionSlotStreamId(key), redemptionSlotDecider, { type: 'ReleaseRedemptionVerificationSlot', data: { redemptionVerificationId } }, ctx);
}

export async function resendRedemptionVerification(
  deps: RedemptionDeps,
  redemptionVerificationId: string,
  type: RedemptionVerificationType | null,
  ctx: CommandContext,
  knownCustomer?: VerificationCustomerRecord,
): Promise<VerificationAnswer> {
  const stream = redemptionVerificationStreamId(redemptionVerificationId);
  const { state: current } = await load(deps.store, stream, redemptionVerificationDecider);
  if (!current) throw new DomainError('not_found', [REDEMPTION_MESSAGES.notFound]);
  const customer = knownCustomer ?? (await loadCustomer(deps.store, current.customerId));
  if (!customer) throw customerNotFound();
  const now = ctx.now();
  const result = await handle(
    deps.store,
    stream,
    redemptionVerificationDecider,
    { type: 'ResendRedemptionVerification', data: { type, customer, sendId: ctx.newId(), now } },
    ctx,
  );
  const verification = redemptionVerificationView(result.state!, customer, now, await locationName(deps.sql, result.state!.locationId));
  return { verification, position: result.position };
}
