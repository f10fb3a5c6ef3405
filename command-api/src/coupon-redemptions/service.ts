/**
 * Redeeming an issued coupon, voiding a redemption and changing its RO (issue 12), as functions
 * the routes call. Order (docs/decisions/0045-redemption-void-change-routes-service.md): read the coupon as its
 * sale sold it, the location, the RO in cents, the RO's coupon ledger and the coupon's stream
 * with their revisions, the verification inputs; release stale ledger claims; decide on the
 * coupon's stream (pure); claim the line and amount on the RO ledger pinned to the revision
 * read (a conflict: read and plan again); append the coupon's events with the coupon stream's
 * revision (a conflict: release the claim, read again, and the decider refuses 'already used').
 * Each stream is read once per attempt: the coupon's and the ledger's events are decided on the
 * states read and appended with the revisions read (platform's appendDecided / decideOn).
 */
import {
  COUPON_REDEMPTION_MESSAGES as M,
  RO_CLAIM_GRACE_MS,
  checkCouponRedemptionRequest,
  checkRedemptionRoChangeRequest,
  checkRedemptionVoidRequest,
  issuedCouponStreamId,
  roCouponLedgerStreamId,
  ZERO_MONEY,
  type IssuedCouponEvent,
  type Money,
  type RoRedemption,
  type SoldCoupon,
} from '@dealer/contracts';
import { load, appendDecided, decideOn, DomainError, handle, positionOfRequest, WrongExpectedRevisionError, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { decideIssuedCoupon, issuedCouponDecider, type IssuedCouponCommand, type RedemptionActor, type RedemptionTarget } from '@dealer/domain/coupon-redemption/decide';
import { roCouponLedgerDecider, type RoCouponLedgerCommand } from '@dealer/domain/coupon-redemption/ro-ledger-decide';
import { actorAt, deciderAt, type ActorAt } from '../authorization/actor-at';
import {
  customerVerifiesRedemptions,
  latestVerificationOf,
  loadIssuedCoupon,
  loadPaperBook,
  loadRedemptionLocation,
  loadRedemptionRo,
  loadRoLedger,
  loadSale,
  loadVerification,
  ruleOpCodesAt,
  saleIdOfIssuedCoupon,
  type Folded,
} from './lookups';
import { paperClaimIsLive } from '@dealer/domain/paper-book/state';
import { roClaimIsLive, type RoCouponLedgerState } from '@dealer/domain/coupon-redemption/ro-ledger';
import type { IssuedCouponState } from '@dealer/domain/coupon-redemption/state';
import { soldCouponOf } from '@dealer/domain/pack-sale/state';

export type { RedemptionActor } from '@dealer/domain/coupon-redemption/decide';

export interface CouponRedemptionDeps {
  store: EventStore;
  sql: Sql;
}

export interface CouponRedemptionResult {
  redemptionId: string;
  issuedCouponId: string;
  status: 'redeemed' | 'awaiting-verification' | 'voided';
  /** The amount off, integer cents. */
  amount: Money;
  /** The coupon stream's revision. */
  revision: number;
  /** Global position of the last appended event; null when the command changed nothing. */
  position: number | null;
}

/** How often a command reads and plans again after losing a race on the RO ledger. */
const MAX_ATTEMPTS = 8;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const asUuid = (id: string) => (UUID.test(id) ? id.toLowerCase() : null);

const couponNotFound = () => new DomainError('not_found', [M.couponNotFound], { issuedCouponId: M.couponNotFound });
const validation = (checked: { errors: string[]; fields: Record<string, string> }) => new DomainError('validation', checked.errors, checked.fields);

/** The coupon as its sale sold it; 404 when no sale issued it. */
async function soldCoupon(deps: CouponRedemptionDeps, rawId: string): Promise<SoldCoupon> {
  const issuedCouponId = asUuid(rawId);
  const saleId = issuedCouponId === null ? null : await saleIdOfIssuedCoupon(deps.sql, issuedCouponId);
  const sale = saleId === null ? null : await loadSale(deps.store, saleId);
  const coupon = sale && issuedCouponId ? soldCouponOf(sale, issuedCouponId) : null;
  if (!coupon) throw couponNotFound();
  return coupon;
}

async function ledgerCommand(deps: CouponRedemptionDeps, ctx: CommandContext, locationId: number, roNumber: string, command: RoCouponLedgerCommand) {
  return handle(deps.store, roCouponLedgerStreamId(locationId, roNumber), roCouponLedgerDecider, command, ctx);
}

/** Gives a redemption's claim on an RO's ledger back (a no-op when already released); also used by the settle of held redemptions. */
export const release = (deps: CouponRedemptionDeps, ctx: CommandContext, at: { locationId: number; roNumber: string }, redemptionId: string, reason: 'voided' | 'released' | 'ro-changed' | 'not-redeemed' | 'stale') =>
  ledgerCommand(deps, ctx, at.locationId, at.roNumber, { type: 'ReleaseRoCoupon', data: { locationId: at.locationId, roNumber: at.roNumber, redemptionId, reason, now: ctx.now() } });

/** Claims a redemption's line and amount on the RO's ledger as read, pinned to its revision (the caps are checked there). */
function claimOnLedger(
  deps: CouponRedemptionDeps,
  ctx: CommandContext,
  at: { locationId: number; roNumber: string },
  coupon: SoldCoupon,
  claim: { redemptionId: string; line: { jobId: number; lineTotal: Money }; amount: Money },
  ledger: Folded<RoCouponLedgerState>,
) {
  return decideOn(
    deps.store,
    roCouponLedgerStreamId(at.locationId, at.roNumber),
    roCouponLedgerDecider,
    ledger,
    {
      type: 'ClaimRoCoupon',
      data: {
        ...at,
        claim: { redemptionId: claim.redemptionId, issuedCouponId: coupon.issuedCouponId, couponId: coupon.couponId, jobId: claim.line.jobId, amount: claim.amount },
        limits: { maxPerRo: coupon.terms.maxPerRo, maxAmountPerRo: coupon.terms.maxAmountPerRo, lineTotal: claim.line.lineTotal },
        now: ctx.now(),
      },
    },
    ctx,
  );
}

/**
 * The RO ledger with claims left behind by a crash (older than the grace, their coupon's stream
 * not holding them here) released first; answers the ledger as it stands after. Also used by
 * the paper redemptions (paper-books/service.ts), whose claims their book's stream holds.
 */
export async function liveLedger(deps: CouponRedemptionDeps, ctx: CommandContext, locationId: number, roNumber: string): Promise<Folded<RoCouponLedgerState>> {
  const ledger = await loadRoLedger(deps.store, locationId, roNumber);
  const now = ctx.now();
  let released = false;
  for (const claim of ledger.state.claims) {
    if (now.getTime() - Date.parse(claim.claimedAt) < RO_CLAIM_GRACE_MS) continue;
    // A paper coupon's claim (issue 12) is held by its book's stream, not by an issued coupon's.
    if (claim.paperBookNumber !== undefined) {
      const book = await loadPaperBook(deps.store, claim.paperBookNumber);
      if (paperClaimIsLive(claim, { locationId, roNumber }, book.state, now, RO_CLAIM_GRACE_MS)) continue;
    } else {
      const coupon = await loadIssuedCoupon(deps.store, claim.issuedCouponId);
      if (roClaimIsLive(claim, { locationId, roNumber }, coupon.state, now)) continue;
    }
    await release(deps, ctx, { locationId, roNumber }, claim.redemptionId, 'stale');
    released = true;
  }
  return released ? loadRoLedger(deps.store, locationId, roNumber) : ledger;
}

/** The target of a redemption or RO change: location, RO in cents, ledger claims and verification inputs. */
async function targetOf(
  deps: CouponRedemptionDeps,
  ctx: CommandContext,
  at: { locationId: number; roNumber: string; customerId: string },
): Promise<{ target: RedemptionTarget; ledger: Folded<RoCouponLedgerState> }> {
  const customerId = asUuid(at.customerId);
  // Read together: none of them depends on another.
  const [location, ro, ledger, ruleOpCodes, verifies, current] = await Promise.all([
    loadRedemptionLocation(deps.sql, at.locationId),
    loadRedemptionRo(deps.sql, at.locationId, at.roNumber),
    liveLedger(deps, ctx, at.locationId, at.roNumber),
    ruleOpCodesAt(deps.sql, at.locationId),
    customerId ? customerVerifiesRedemptions(deps.store, customerId) : Promise.resolve(false),
    customerId ? latestVerificationOf(deps, { locationId: at.locationId, roNumber: at.roNumber, customerId }) : Promise.resolve(null),
  ]);
  const roRedemptions: RoRedemption[] = ledger.state.claims.map(({ redemptionId, issuedCouponId, couponId, jobId, amount }) => ({ redemptionId, issuedCouponId, couponId, jobId, amount }));
  return {
    target: { location, roNumber: at.roNumber, ro, roRedemptions, verification: { ruleOpCodes, customerVerifiesRedemptions: verifies, current } },
    ledger,
  };
}

/** The redemption the decided events put on the coupon (redeemed or held), to claim on the RO ledger. */
function claimedBy(events: readonly IssuedCouponEvent[]) {
  for (const e of events) {
    if (e.type === 'CouponRedeemed' || e.type === 'CouponRedemptionAwaitingVerification') return { ...e.data, status: e.type === 'CouponRedeemed' ? ('redeemed' as const) : ('awaiting-verification' as const) };
  }
  return null;
}

/**
 * Another redemption of this very coupon already claimed on this RO and is still live (its
 * coupon append may be under way): this one lost the race for the coupon.
 */
function assertNoRivalClaim(ledger: RoCouponLedgerState, at: { locationId: number; roNumber: string }, coupon: IssuedCouponState, issuedCouponId: string, ownRedemptionIds: readonly string[], now: Date) {
  const rival = ledger.claims.find((c) => c.issuedCouponId === issuedCouponId && !ownRedemptionIds.includes(c.redemptionId) && roClaimIsLive(c, at, coupon, now));
  if (rival) throw new DomainError('conflict', [M.alreadyUsed], { issuedCouponId: M.alreadyUsed });
}

/** How long a redemption waits for a sale void under way on its coupon to finish. */
const VOID_WAIT_MS = 5_000;
/** A withdrawal older than this whose sale is still not voided was left by a void that died: it is taken back. */
const WITHDRAWAL_GRACE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The coupon is withdrawn by its sale's void (pack-sales/service.ts voidPackSale withdraws every
 * coupon, then voids the sale, or reinstates them when the void is refused). Until the sale is
 * voided that is not yet true, so the redemption waits for the outcome: 'voided' (the decider
 * then refuses with the true "voided with its pack sale") or 'reinstated' (redeem as usual). A
 * withdrawal left by a void that died (older than the grace, the sale not voided) is reinstated
 * here; a void still running past the deadline is a 409 saying so.
 */
async function settleWithdrawal(deps: CouponRedemptionDeps, ctx: CommandContext, coupon: SoldCoupon, saleId: string, deadline: number): Promise<'voided' | 'reinstated'> {
  for (;;) {
    if ((await loadSale(deps.store, saleId))?.status === 'voided') return 'voided';
    const { history, state } = await load(deps.store, issuedCouponStreamId(coupon.issuedCouponId), issuedCouponDecider);
    if (state.withdrawnBySaleId !== saleId) return 'reinstated';
    const withdrawn = history.findLast((e) => e.type === 'IssuedCouponWithdrawn');
    const withdrawnAt = Date.parse((withdrawn?.data as { withdrawnAt?: string } | undefined)?.withdrawnAt ?? '');
    if (ctx.now().getTime() - withdrawnAt >= WITHDRAWAL_GRACE_MS) {
      const data = { issuedCouponId: coupon.issuedCouponId, couponId: coupon.couponId, saleId, customerId: coupon.customerId, by: 'system:stale-sale-void', now: ctx.now() };
      await handle(deps.store, issuedCouponStreamId(coupon.issuedCouponId), issuedCouponDecider, { type: 'ReinstateIssuedCoupon', data }, ctx);
      return 'reinstated';
    }
    if (Date.now() >= deadline) throw new DomainError('conflict', [M.saleVoidInProgress], { issuedCouponId: M.saleVoidInProgress });
    await sleep(50);
  }
}

/**
 * POST /api/coupon-redemptions: redeems the coupon on the RO (or holds it while the customer's
 * verification is open). 412 when the matched line needs a verification none approves or asks.
 */
export async function redeemCoupon(
  deps: CouponRedemptionDeps,
  request: unknown,
  located: ActorAt,
  ctx: CommandContext,
  options: { redemptionId?: string } = {},
): Promise<CouponRedemptionResult> {
  const checked = checkCouponRedemptionRequest(request);
  if (!checked.ok) throw validation(checked);
  const r = checked.value;
  // Redeemed at the RO's location, by staff holding a role there (issue 20).
  const actor: RedemptionActor = actorAt(located, r.locationId);
  // The coupon as sold and its own stream, read together (the stream's id is the coupon's, found or not).
  const rawId = asUuid(r.issuedCouponId);
  const [coupon, firstRead] = await Promise.all([soldCoupon(deps, r.issuedCouponId), rawId === null ? null : loadIssuedCoupon(deps.store, rawId)]);
  const redemptionId = options.redemptionId ?? ctx.newId();
  const couponStream = issuedCouponStreamId(coupon.issuedCouponId);

  const voidDeadline = Date.now() + VOID_WAIT_MS;
  let read = firstRead;
  for (let attempt = 1; ; attempt++) {
    const issued = read ?? (await loadIssuedCoupon(deps.store, coupon.issuedCouponId));
    read = null;
    // Withdrawn by a sale void that has not finished: wait for it, so a void that then fails never refuses this redemption.
    if (issued.state.withdrawnBySaleId && (await settleWithdrawal(deps, ctx, coupon, issued.state.withdrawnBySaleId, voidDeadline)) === 'reinstated') {
      attempt--;
      continue;
    }
    const known = issued.state.current?.redemptionId === redemptionId ? issued.state.current : null;
    if (known) {
      // Already recorded: a retry of this request after a crash (its derived redemption id) answers it.
      const position = positionOfRequest(issued.history, ctx);
      return { redemptionId, issuedCouponId: coupon.issuedCouponId, status: known.status, amount: known.amount, revision: issued.revision, position };
    }
    const held = issued.state.current?.status === 'awaiting-verification' ? issued.state.current : null;
    const [{ target, ledger }, heldVerification] = await Promise.all([
      targetOf(deps, ctx, { locationId: r.locationId, roNumber: r.roNumber, customerId: r.customerId }),
      held?.redemptionVerificationId ? loadVerification(deps.store, held.redemptionVerificationId) : null,
    ]);
    const command: IssuedCouponCommand = {
      type: 'RedeemCoupon',
      data: { ...target, redemptionId, coupon, customerId: asUuid(r.customerId) ?? r.customerId, heldVerification, actor, now: ctx.now() },
    };
    // Pure: refusals (with contracts' messages) are thrown here, before anything is claimed.
    const events = decideIssuedCoupon(command, issued.state);
    const claim = claimedBy(events);
    if (!claim) throw new DomainError('conflict', [M.alreadyUsed], { issuedCouponId: M.alreadyUsed });
    const released = events.filter((e) => e.type === 'CouponRedemptionReleased').map((e) => e.data.redemptionId);
    const at = { locationId: r.locationId, roNumber: r.roNumber };
    assertNoRivalClaim(ledger.state, at, issued.state, coupon.issuedCouponId, [redemptionId, ...released], ctx.now());

    try {
      await claimOnLedger(deps, ctx, at, coupon, { redemptionId, line: claim.line, amount: claim.amount }, ledger);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }

    let appended;
    try {
      // The events decided above, on the coupon as read, with the revision read.
      appended = await appendDecided(deps.store, couponStream, issuedCouponDecider, issued, events, ctx);
    } catch (error) {
      await release(deps, ctx, at, redemptionId, 'not-redeemed');
      // Lost the coupon to another redemption: read again; the decider gives the refusal.
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    // A lapsed hold released in the same append gives up its own claim.
    const previous = issued.state.current;
    if (previous && released.includes(previous.redemptionId)) await release(deps, ctx, previous, previous.redemptionId, 'released');
    return { redemptionId, issuedCouponId: coupon.issuedCouponId, status: claim.status, amount: claim.amount, revision: appended.revision, position: appended.position };
  }
}

/** POST /api/coupon-redemptions/{issuedCouponId}/void: the redemption is voided and its RO claim released; the coupon is usable again. */
export async function voidCouponRedemption(
  deps: CouponRedemptionDeps,
  rawIssuedCouponId: string,
  request: unknown,
  located: ActorAt,
  ctx: CommandContext,
): Promise<CouponRedemptionResult> {
  const checked = checkRedemptionVoidRequest(request);
  if (!checked.ok) throw validation(checked);
  const issuedCouponId = asUuid(rawIssuedCouponId);
  if (!issuedCouponId) throw couponNotFound();
  const { redemptionId, reason } = checked.value;
  // Voided by staff with a role where the redemption was made (managers' rights: the manager role there).
  const decider = deciderAt(issuedCouponDecider, located, (state) => redemptionLocations(state, redemptionId));
  const actor = { userId: located.userId, isManager: false };
  const result = await handle(deps.store, issuedCouponStreamId(issuedCouponId), decider, { type: 'VoidRedemption', data: { redemptionId, reason, actor, now: ctx.now() } }, ctx);
  // Released also when this void recorded nothing (a retry after a crash between the two appends).
  const ended = result.state.ended.find((e) => e.redemptionId === redemptionId && e.outcome === 'voided');
  if (ended) await release(deps, ctx, ended, redemptionId, 'voided');
  return { redemptionId, issuedCouponId, status: 'voided', amount: ZERO_MONEY, revision: result.revision, position: result.position };
}

/** PUT /api/coupon-redemptions/{issuedCouponId}: the redemption moves to another RO (claim on the new RO, append, release on the old). */
export async function changeCouponRedemptionRo(
  deps: CouponRedemptionDeps,
  rawIssuedCouponId: string,
  request: unknown,
  located: ActorAt,
  ctx: CommandContext,
): Promise<CouponRedemptionResult> {
  const checked = checkRedemptionRoChangeRequest(request);
  if (!checked.ok) throw validation(checked);
  const r = checked.value;
  const coupon = await soldCoupon(deps, rawIssuedCouponId);
  const couponStream = issuedCouponStreamId(coupon.issuedCouponId);
  const at = { locationId: r.locationId, roNumber: r.roNumber };

  for (let attempt = 1; ; attempt++) {
    const issued = await loadIssuedCoupon(deps.store, coupon.issuedCouponId);
    // Moved by staff with a role both where the redemption is and where it goes (pinned to the revision read).
    const [here, ...there] = [...redemptionLocations(issued.state, r.redemptionId), at.locationId];
    const actor: RedemptionActor = actorAt(located, here!, ...there);
    const { target, ledger } = await targetOf(deps, ctx, { ...at, customerId: coupon.customerId });
    const command: IssuedCouponCommand = { type: 'ChangeRedemptionRo', data: { ...target, redemptionId: r.redemptionId, coupon, actor, now: ctx.now() } };
    const events = decideIssuedCoupon(command, issued.state);
    const current = issued.state.current!;
    const change = events.find((e) => e.type === 'CouponRedemptionRoChanged');
    if (!change) return { redemptionId: r.redemptionId, issuedCouponId: coupon.issuedCouponId, status: current.status, amount: current.amount, revision: issued.revision, position: null };
    const to = change.data.to;
    assertNoRivalClaim(ledger.state, at, issued.state, coupon.issuedCouponId, [r.redemptionId], ctx.now());
    try {
      await claimOnLedger(deps, ctx, at, coupon, { redemptionId: r.redemptionId, line: to.line, amount: to.amount }, ledger);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    let appended;
    try {
      appended = await appendDecided(deps.store, couponStream, issuedCouponDecider, issued, events, ctx);
    } catch (error) {
      await release(deps, ctx, at, r.redemptionId, 'not-redeemed');
      if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
    await release(deps, ctx, change.data.from, r.redemptionId, 'ro-changed');
    return { redemptionId: r.redemptionId, issuedCouponId: coupon.issuedCouponId, status: 'redeemed', amount: to.amount, revision: appended.revision, position: appended.position };
  }
}

/** Where a redemption of this coupon is (or was, once ended): the location its void or move is authorised at. */
function redemptionLocations(state: IssuedCouponState, redemptionId: string): number[] {
  if (state.current?.redemptionId === redemptionId) return [state.current.locationId];
  const ended = state.ended.find((e) => e.redemptionId === redemptionId);
  return ended ? [ended.locationId] : [];
}
