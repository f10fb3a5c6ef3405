/**
 * The staff override (POST /api/redemption-verification-overrides): accepts a pending
 * verification on the customer's behalf, recording who (the actor), when and why. The
 * workers notify the customer when they see the event.
 */
import {
  REDEMPTION_MESSAGES,
  REDEMPTION_TEXTS,
  REDEMPTION_VERIFICATION_LIMITS,
  redemptionVerificationStreamId,
  redemptionVerificationView,
  type RedemptionVerification,
} from '@dealer/contracts';
import { DomainError, handle, type CommandContext } from '@dealer/platform';
import { redemptionVerificationDecider } from '@dealer/domain/redemption-verification/decide';
import { loadCustomer, locationName } from './lookups';
import type { RedemptionDeps } from './start-redemption-verification';

export async function overrideRedemptionVerification(
  deps: RedemptionDeps,
  body: { redemptionVerificationId: string; reason?: string | null },
  ctx: CommandContext,
): Promise<{ verification: RedemptionVerification; message: string; position: number | null }> {
  const reason = body.reason?.trim() || null;
  if (reason && reason.length > REDEMPTION_VERIFICATION_LIMITS.overrideReasonMax) {
    throw new DomainError('validation', [REDEMPTION_MESSAGES.overrideReasonMax], { reason: REDEMPTION_MESSAGES.overrideReasonMax });
  }
  const now = ctx.now();
  const result = await handle(
    deps.store,
    redemptionVerificationStreamId(body.redemptionVerificationId),
    redemptionVerificationDecider,
    { type: 'OverrideRedemptionVerification', data: { by: ctx.actor, reason, now } },
    ctx,
  );
  const state = result.state!;
  const customer = await loadCustomer(deps.store, state.customerId);
  return {
    verification: redemptionVerificationView(state, customer, now, await locationName(deps.sql, state.locationId)),
    message: REDEMPTION_TEXTS.overrideSuccess(state.roNumber),
    position: result.position,
  };
}
