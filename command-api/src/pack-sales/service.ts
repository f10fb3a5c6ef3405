/**
 * Selling a pack and the later commands on a sale (issue 11), as functions the routes and the
 * demo seed both call: each gathers what the pure decider needs (the pack and its coupons from
 * their streams, the customer's Tax Exempt switch from the customer stream, the location's CRM
 * flag, zone and tax rate and the sale RO's state from the DMS reference tables), then decides
 * and appends with handle().
 */
import {
  CUSTOMER_MESSAGES,
  PACK_SALE_MESSAGES,
  cents,
  checkPackSaleRequest,
  issuedCouponStreamId,
  packSaleStreamId,
  type PackSaleRequest,
} from '@dealer/contracts';
import { load, DomainError, handle, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { issuedCouponDecider, type SaleVoidData } from '@dealer/domain/coupon-redemption/decide';
import { packSaleDecider, type PackSaleCommand, type SaleActor } from '@dealer/domain/pack-sale/decide';
import { loadCustomerTaxExempt, loadPackWithCoupons, loadSaleLocation, loadSaleRo, usedCouponIdsOf } from './lookups';
import { refundVoidedOnlineOrder } from '../online-orders/service';
import { actorAt, deciderAt, type ActorAt } from '../authorization/actor-at';
import type { PaymentProvider } from '@dealer/platform/payments/port';
import type { PackSaleState } from '@dealer/domain/pack-sale/state';

export type { SaleActor } from '@dealer/domain/pack-sale/decide';

/** A sale's own location: where finalising, voiding and correcting it are authorised (issue 20). */
const atSale = (actor: ActorAt, locationsOf: (state: PackSaleState | null) => number[]) => deciderAt(packSaleDecider, actor, locationsOf);

export interface PackSaleDeps {
  store: EventStore;
  sql: Sql;
  /** The payment provider: a void of an online sale refunds through it (issue 13). */
  payments?: PaymentProvider | null;
}

/** What a command on a sale answers: the sale id, the stream revision, its status and the position to wait for. */
export interface PackSaleResult {
  saleId: string;
  revision: number;
  status: PackSaleState['status'];
  /** Global position of the last appended event; null when the command changed nothing. */
  position: number | null;
  state: PackSaleState;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const asUuid = (id: string) => (UUID.test(id) ? id.toLowerCase() : null);

const notFound = () => new DomainError('not_found', [PACK_SALE_MESSAGES.notFound]);

function result(saleId: string, r: { revision: number; position: number | null; state: PackSaleState | null }): PackSaleResult {
  if (!r.state) throw notFound();
  return { saleId, revision: r.revision, status: r.state.status, position: r.position, state: r.state };
}

/**
 * POST /api/pack-sales: sells `request.packId` to `request.customerId` at `request.locationId`
 * on the sale RO. The sale id is `ctx.newId()` unless `saleId` is given (the seed passes a
 * stable one so a second run records nothing). The body is checked again here, so a caller
 * outside HTTP gets the same 400s.
 */
export async function sellPack(
  deps: PackSaleDeps,
  request: PackSaleRequest,
  actor: ActorAt,
  ctx: CommandContext,
  options: { saleId?: string } = {},
): Promise<PackSaleResult> {
  const checked = checkPackSaleRequest(request);
  if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
  // Sold where the seller holds a role (a price override: the manager role there).
  const seller = actorAt(actor, checked.value.locationId);
  // Customers and packs have UUIDs; anything else names none (and never reaches an event).
  const r = { ...checked.value, customerId: asUuid(checked.value.customerId), packId: asUuid(checked.value.packId) };
  // Read together (none depends on another but the coupons on their pack), then checked in the order the refusals are given.
  const packId = r.packId;
  const [customerTaxExempt, location, { pack, coupons }, ro] = await Promise.all([
    r.customerId === null ? null : loadCustomerTaxExempt(deps.store, r.customerId),
    loadSaleLocation(deps.sql, r.locationId),
    packId === null ? { pack: null, coupons: {} } : loadPackWithCoupons(deps.store, packId),
    loadSaleRo(deps.sql, r.locationId, r.roNumber),
  ]);
  if (customerTaxExempt === null || r.customerId === null) throw new DomainError('not_found', [CUSTOMER_MESSAGES.notFound], { customerId: CUSTOMER_MESSAGES.notFound });
  if (packId === null) throw new DomainError('not_found', [PACK_SALE_MESSAGES.packNotFound], { packId: PACK_SALE_MESSAGES.packNotFound });
  const saleId = options.saleId ?? ctx.newId();
  const command: PackSaleCommand = {
    type: 'SellPack',
    data: {
      saleId,
      customerId: r.customerId,
      customerTaxExempt,
      pack,
      coupons,
      location: { locationId: location.locationId, isUsingCrm: location.isUsingCrm, timeZone: location.timeZone },
      saleRoNumber: r.roNumber,
      roStatus: ro.status,
      price: r.price === null ? null : cents(r.price),
      priceOverrideReason: r.priceOverrideReason,
      taxRateBasisPoints: location.salesTaxRateBasisPoints,
      mileageAtSale: ro.mileage,
      actor: seller,
      now: ctx.now(),
      newId: ctx.newId,
    },
  };
  return result(saleId, await handle(deps.store, packSaleStreamId(saleId), packSaleDecider, command, ctx));
}

/** POST /api/pack-sales/{id}/finalise (a manager) or the workers' sweep (`via: 'ro-closed'`). */
export async function finalisePackSale(
  deps: Pick<PackSaleDeps, 'store'>,
  saleId: string,
  actor: ActorAt,
  ctx: CommandContext,
  via: 'manager' | 'ro-closed' = 'manager',
): Promise<PackSaleResult> {
  const command: PackSaleCommand = { type: 'FinalisePackSale', data: { via, actor: { userId: actor.userId, isManager: false }, now: ctx.now() } };
  const decider = atSale(actor, (state) => (state ? [state.locationId] : []));
  return result(saleId, await handle(deps.store, packSaleStreamId(saleId), decider, command, ctx));
}

/** POST /api/pack-sales/{id}/location: a staff member with a role at both the old and the new location moves the sold location, with a reason. */
export async function correctPackSaleLocation(
  deps: PackSaleDeps,
  saleId: string,
  body: { locationId: number; reason: string | null },
  actor: ActorAt,
  ctx: CommandContext,
): Promise<PackSaleResult> {
  actorAt(actor, body.locationId);
  const location = await loadSaleLocation(deps.sql, body.locationId);
  const command: PackSaleCommand = {
    type: 'CorrectPackSaleLocation',
    data: { location: { locationId: location.locationId, isUsingCrm: location.isUsingCrm, timeZone: location.timeZone }, reason: body.reason, actor: { userId: actor.userId, isManager: false }, now: ctx.now() },
  };
  const decider = atSale(actor, (state) => (state ? [state.locationId, body.locationId] : []));
  return result(saleId, await handle(deps.store, packSaleStreamId(saleId), decider, command, ctx));
}

/**
 * POST /api/pack-sales/{id}/void: a manager voids a sale none of whose coupons is used. Each
 * issued coupon is first withdrawn on its own stream (refused when it is redeemed or held), so
 * a redemption racing the void either lands first (the void is refused) or finds the coupon
 * withdrawn; if any coupon refuses, the ones withdrawn are reinstated and the void refused.
 */
export async function voidPackSale(
  deps: PackSaleDeps,
  saleId: string,
  body: { reason: string | null },
  actor: ActorAt,
  ctx: CommandContext,
): Promise<PackSaleResult> {
  const stream = packSaleStreamId(saleId);
  const { history, state: current } = await load(deps.store, stream, packSaleDecider);
  if (!current) throw notFound();
  // An online sale's payment goes back through the provider once the void is recorded (a retried void retries it).
  const onlineOrderId = (history.find((e) => e.type === 'PackSold')?.data as { onlineOrderId?: string } | undefined)?.onlineOrderId;
  if (onlineOrderId) {
    const voided = await voidPackSaleOnly(deps, saleId, stream, current, body, actor, ctx);
    if (voided.status === 'voided') {
      const position = await refundVoidedOnlineOrder({ store: deps.store, provider: deps.payments ?? null }, onlineOrderId, ctx);
      if (position !== null) return { ...voided, position };
    }
    return voided;
  }
  return voidPackSaleOnly(deps, saleId, stream, current, body, actor, ctx);
}

async function voidPackSaleOnly(
  deps: PackSaleDeps,
  saleId: string,
  stream: string,
  current: PackSaleState,
  body: { reason: string | null },
  located: ActorAt,
  ctx: CommandContext,
): Promise<PackSaleResult> {
  // Voided by a manager at the sale's location (checked again at the decision: the sale may have moved).
  const actor = actorAt(located, current.locationId);
  const decider = atSale(located, (state) => (state ? [state.locationId] : []));
  const usedCouponIds = await usedCouponIdsOf(deps, current);
  const command: PackSaleCommand = { type: 'VoidPackSale', data: { reason: body.reason, usedCouponIds, actor, now: ctx.now() } };
  // Refusals that need no coupon stream (manager, reason, a coupon already used) come first.
  if (packSaleDecider.decide(command, current).length === 0) return result(saleId, await handle(deps.store, stream, decider, command, ctx));
  const withdrawn: SaleVoidData[] = [];
  try {
    for (const c of current.coupons) {
      const data: SaleVoidData = { issuedCouponId: c.issuedCouponId, couponId: c.couponId, saleId, customerId: current.customerId, by: actor.userId, now: ctx.now() };
      await handle(deps.store, issuedCouponStreamId(c.issuedCouponId), issuedCouponDecider, { type: 'WithdrawIssuedCoupon', data }, ctx);
      withdrawn.push(data);
    }
    return result(saleId, await handle(deps.store, stream, decider, command, ctx));
  } catch (error) {
    for (const data of withdrawn) {
      await handle(deps.store, issuedCouponStreamId(data.issuedCouponId), issuedCouponDecider, { type: 'ReinstateIssuedCoupon', data: { ...data, now: ctx.now() } }, ctx);
    }
    // A coupon redeemed or held refuses with PACK_SALE_MESSAGES.voidCouponUsed (409).
    throw error;
  }
}
