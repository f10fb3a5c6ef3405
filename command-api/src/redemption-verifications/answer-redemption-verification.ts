/**
 * The customer's answer (PUT /api/redemption-verifications, SPEC's code submission): the link
 * token proves who answers, so no sign-in is needed (many service customers have no account).
 * A signed-in customer answering on /verify sends no token: their sign-in proves it is their own
 * verification (decision 0075).
 * Also what the verify page shows for a token. Neither carries names or addresses.
 */
import {
  REDEMPTION_MESSAGES,
  opCodeList,
  publicRedemptionVerificationView,
  redemptionVerificationStreamId,
  type PublicRedemptionVerification,
} from '@dealer/contracts';
import { load, DomainError, handle, type CommandContext } from '@dealer/platform';
import { redemptionVerificationDecider } from '@dealer/domain/redemption-verification/decide';
import { locationName } from './lookups';
import type { RedemptionDeps } from './start-redemption-verification';
import { findToken, useTokens } from './verification-tokens';

const linkInvalid = (status: 'validation' | 'not_found') => new DomainError(status, [REDEMPTION_MESSAGES.linkInvalid], { code: REDEMPTION_MESSAGES.linkInvalid });

export interface CodeSubmissionBody {
  codeId: string;
  code?: string;
  reply: { approvedOpCodes?: unknown; declinedOpCodes?: unknown };
}

/** Which verification the answer is for: the link token's, or the signed-in customer's own (no token). */
async function answeredVerificationId(deps: RedemptionDeps, body: CodeSubmissionBody, ctx: CommandContext, signedInCustomerId: string | null): Promise<string> {
  if (!body.code) {
    if (!signedInCustomerId) throw linkInvalid('validation');
    const { state } = await load(deps.store, redemptionVerificationStreamId(body.codeId.toLowerCase()), redemptionVerificationDecider);
    // Someone else's verification is not found, as on the read side.
    if (!state || state.customerId !== signedInCustomerId) throw new DomainError('not_found', [REDEMPTION_MESSAGES.notFound]);
    return state.redemptionVerificationId;
  }
  const token = await findToken(deps.sql, body.code);
  if (!token.ok || token.redemptionVerificationId !== body.codeId) throw linkInvalid('validation');
  // Whoever holds the link acts for the customer it was sent to.
  if (signedInCustomerId !== token.customerId) ctx.actor = `customer-link:${token.customerId}`;
  return token.redemptionVerificationId;
}

export async function answerRedemptionVerification(
  deps: RedemptionDeps,
  body: CodeSubmissionBody,
  ctx: CommandContext,
  signedInCustomerId: string | null,
): Promise<{ verification: PublicRedemptionVerification; position: number | null }> {
  const verificationId = await answeredVerificationId(deps, body, ctx, signedInCustomerId);
  const now = ctx.now();
  const result = await handle(
    deps.store,
    redemptionVerificationStreamId(verificationId),
    redemptionVerificationDecider,
    { type: 'AnswerRedemptionVerification', data: { approvedOpCodes: opCodeList(body.reply.approvedOpCodes), declinedOpCodes: opCodeList(body.reply.declinedOpCodes), now } },
    ctx,
  );
  await useTokens(deps.sql, verificationId);
  const state = result.state!;
  return { verification: publicRedemptionVerificationView(state, now, await locationName(deps.sql, state.locationId)), position: result.position };
}

/** The verify page: the RO, the location and the op codes; a used or unknown link shows nothing. */
export async function verificationByToken(deps: RedemptionDeps, token: string, now: Date): Promise<PublicRedemptionVerification> {
  const found = await findToken(deps.sql, token);
  if (!found.ok || found.used) throw linkInvalid('not_found');
  const state = (await load(deps.store, redemptionVerificationStreamId(found.redemptionVerificationId), redemptionVerificationDecider)).state;
  if (!state) throw linkInvalid('not_found');
  return publicRedemptionVerificationView(state, now, await locationName(deps.sql, state.locationId));
}
