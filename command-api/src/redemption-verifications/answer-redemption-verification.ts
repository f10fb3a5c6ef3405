/**
 * The customer's answer (PUT /api/redemption-verifications, SPEC's code submission): the link
 * token proves who answers, so no sign-in is needed (many service customers have no account).
 * Also what the verify page shows for a token. Neither carries names or addresses.
 */
import {
  REDEMPTION_MESSAGES,
  evolveRedemptionVerification,
  opCodeList,
  publicRedemptionVerificationView,
  redemptionVerificationStreamId,
  type PublicRedemptionVerification,
} from '@dealer/contracts';
import { DomainError, handle, type CommandContext } from '@dealer/platform';
import { redemptionVerificationDecider } from '@dealer/domain/redemption-verification/decide';
import { locationName } from './lookups';
import type { RedemptionDeps } from './start-redemption-verification';
import { findToken, useTokens } from './verification-tokens';

const linkInvalid = (status: 'validation' | 'not_found') => new DomainError(status, [REDEMPTION_MESSAGES.linkInvalid], { code: REDEMPTION_MESSAGES.linkInvalid });

export interface CodeSubmissionBody {
  codeId: string;
  code: string;
  reply: { approvedOpCodes?: unknown; declinedOpCodes?: unknown };
}

export async function answerRedemptionVerification(
  deps: RedemptionDeps,
  body: CodeSubmissionBody,
  ctx: CommandContext,
  signedInCustomerId: string | null,
): Promise<{ verification: PublicRedemptionVerification; position: number | null }> {
  const token = await findToken(deps.sql, body.code);
  if (!token.ok || token.redemptionVerificationId !== body.codeId) throw linkInvalid('validation');
  // Whoever holds the link acts for the customer it was sent to.
  if (signedInCustomerId !== token.customerId) ctx.actor = `customer-link:${token.customerId}`;
  const now = ctx.now();
  const result = await handle(
    deps.store,
    redemptionVerificationStreamId(token.redemptionVerificationId),
    redemptionVerificationDecider,
    { type: 'AnswerRedemptionVerification', data: { approvedOpCodes: opCodeList(body.reply.approvedOpCodes), declinedOpCodes: opCodeList(body.reply.declinedOpCodes), now } },
    ctx,
  );
  await useTokens(deps.sql, token.redemptionVerificationId);
  const state = result.state!;
  return { verification: publicRedemptionVerificationView(state, now, await locationName(deps.sql, state.locationId)), position: result.position };
}

/** The verify page: the RO, the location and the op codes; a used or unknown link shows nothing. */
export async function verificationByToken(deps: RedemptionDeps, token: string, now: Date): Promise<PublicRedemptionVerification> {
  const found = await findToken(deps.sql, token);
  if (!found.ok || found.used) throw linkInvalid('not_found');
  const state = (await deps.store.readStream(redemptionVerificationStreamId(found.redemptionVerificationId))).reduce(evolveRedemptionVerification, null);
  if (!state) throw linkInvalid('not_found');
  return publicRedemptionVerificationView(state, now, await locationName(deps.sql, state.locationId));
}
