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
  evolveRedemptionVerification,
  redemptionVerificationStreamId,
  redemptionVerificationView,
  type RedemptionVerification,
  type RedemptionVerificationType,
} from '@dealer/contracts';
import { DomainError, handle, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { redemptionVerificationDecider } from './decide';
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

  const open = await openVerificationOf(deps.sql, request, now);
  if (open) return { ...(await resendRedemptionVerification(deps, open, request.type, ctx, customer)), resent: true };

  const redemptionVerificationId = ctx.newId();
  const result = await handle(
    deps.store,
    redemptionVerificationStreamId(redemptionVerificationId),
    redemptionVerificationDecider,
    {
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
    },
    ctx,
  );
  const verification = redemptionVerificationView(result.state!, customer, now, await locationName(deps.sql, request.locationId));
  return { verification, position: result.position, resent: false };
}

export async function resendRedemptionVerification(
  deps: RedemptionDeps,
  redemptionVerificationId: string,
  type: RedemptionVerificationType | null,
  ctx: CommandContext,
  knownCustomer?: VerificationCustomerRecord,
): Promise<VerificationAnswer> {
  const stream = redemptionVerificationStreamId(redemptionVerificationId);
  const current = (await deps.store.readStream(stream)).reduce(evolveRedemptionVerification, null);
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
