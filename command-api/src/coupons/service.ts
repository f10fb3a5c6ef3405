/**
 * The coupon commands (issue 11) as plain functions: check the input with contracts' rules,
 * check the honouring locations exist, and run the decider. The routes (routes/coupons.ts) and
 * the demo seed call the same functions, so the seed builds the catalogue through the commands
 * the UI uses.
 *
 * Input is the request body as sent (unknown): the terms of CouponTerms (checkCouponTerms gives
 * SPEC's messages), plus expectedRevision on an edit and reason on a disable.
 */
import {
  checkCouponTerms,
  checkText,
  COUPON_LIMITS,
  COUPON_MESSAGES,
  couponStreamId,
  isRecord,
  type CouponTerms,
} from '@dealer/contracts';
import { load, DomainError, PreconditionRequiredError, handle, type CommandContext, type EventStore, type Sql } from '@dealer/platform';
import { couponDecider } from '@dealer/domain/coupon/decide';
import { type CouponDefinitionState } from '@dealer/domain/coupon/state';

export interface CatalogueDeps {
  store: EventStore;
  sql: Sql;
}

/** What a catalogue command answers (CommandAnswer of contracts/src/packs/views.ts, plus the position). */
export interface CatalogueCommandResult {
  /** The coupon's or pack's id. */
  id: string;
  /** The stream revision after the command (the next expectedRevision of a PUT). */
  revision: number;
  /** Global position of the last event written; null when the command changed nothing. */
  position: number | null;
  /** SPEC 8's success text. */
  message: string;
}

export interface CouponCommandResult extends CatalogueCommandResult {
  couponId: string;
}

/** Issue 10 item 13, as PUT /api/customers: a whole record saved over a revision the client never saw would undo newer changes. */
export const COUPON_REVISION_REQUIRED = 'expectedRevision is required: send the revision of the coupon you loaded (GET /api/coupons/{id} answers it).';

/** A coupon edit or pack edit that is resent often enough to exhaust these is answered 409. */
export const CATALOGUE_RETRIES = 25;

export function termsOrThrow(input: unknown): CouponTerms {
  const checked = checkCouponTerms(input);
  if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
  return checked.value;
}

/** Every location id must be a location of the DMS data (ref.locations); else 400 on `field`. */
export async function assertLocationsExist(sql: Sql, locationIds: number[], field = 'locationIds'): Promise<void> {
  if (locationIds.length === 0) return;
  const rows = await sql<{ location_id: number }[]>`select location_id from ref.locations where location_id = any(${locationIds}::int[])`;
  const found = new Set(rows.map((r) => Number(r.location_id)));
  if (locationIds.some((id) => !found.has(id))) {
    throw new DomainError('validation', [COUPON_MESSAGES.locationInvalid], { [field]: COUPON_MESSAGES.locationInvalid });
  }
}

/** The reason of a disable: optional, at most 500 characters. */
export function reasonOrThrow(input: unknown, maxMessage: string = COUPON_MESSAGES.reasonMax): string | null {
  const raw = isRecord(input) ? input.reason : undefined;
  const checked = checkText(raw, COUPON_LIMITS.reasonMax, maxMessage);
  if ('error' in checked) throw new DomainError('validation', [checked.error], { reason: checked.error });
  return checked.value;
}

/** The expectedRevision of an edit: required (428 without), a whole number from -1. */
export function expectedRevisionOrThrow(input: unknown, missingMessage: string): number {
  const raw = isRecord(input) ? input.expectedRevision : undefined;
  if (raw === undefined || raw === null) throw new PreconditionRequiredError(missingMessage);
  if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw < -1) {
    const message = 'expectedRevision must be a whole number.';
    throw new DomainError('validation', [message], { expectedRevision: message });
  }
  return raw;
}

/** A coupon's state folded from its stream, with the stream's revision (-1: none). */
export async function readCoupon(store: EventStore, couponId: string): Promise<{ state: CouponDefinitionState | null; revision: number }> {
  const { state, revision } = await load(store, couponStreamId(couponId), couponDecider);
  return { state, revision };
}

const answer = (couponId: string, result: { revision: number; position: number | null }, message: string): CouponCommandResult => ({
  couponId,
  id: couponId,
  revision: result.revision,
  position: result.position,
  message,
});

/**
 * Defines a new coupon. Its id is `options.couponId` (the seed's fixed ids) or else the first
 * `ctx.newId()`. A retry with the same id and terms records nothing.
 */
export async function defineCoupon(deps: CatalogueDeps, input: unknown, ctx: CommandContext, options: { couponId?: string } = {}): Promise<CouponCommandResult> {
  const terms = termsOrThrow(input);
  await assertLocationsExist(deps.sql, terms.locationIds);
  const couponId = options.couponId ?? ctx.newId();
  const result = await handle(deps.store, couponStreamId(couponId), couponDecider, { type: 'DefineCoupon', data: { couponId, terms } }, ctx);
  return answer(couponId, result, COUPON_MESSAGES.added);
}

/** Replaces a coupon's terms (all of them are sent); input carries expectedRevision (428 without, 409 when stale). */
export async function editCoupon(deps: CatalogueDeps, couponId: string, input: unknown, ctx: CommandContext): Promise<CouponCommandResult> {
  const expectedRevision = expectedRevisionOrThrow(input, COUPON_REVISION_REQUIRED);
  const terms = termsOrThrow(input);
  const { state } = await readCoupon(deps.store, couponId);
  if (!state) throw new DomainError('not_found', [COUPON_MESSAGES.notFound]);
  await assertLocationsExist(deps.sql, terms.locationIds);
  const result = await handle(deps.store, couponStreamId(couponId), couponDecider, { type: 'EditCoupon', data: { terms } }, ctx, { expectedRevision });
  return answer(couponId, result, COUPON_MESSAGES.updated);
}

/** Disables a coupon ({reason?}); packs can no longer take it. Disabling twice records nothing. */
export async function disableCoupon(deps: CatalogueDeps, couponId: string, input: unknown, ctx: CommandContext): Promise<CouponCommandResult> {
  const reason = reasonOrThrow(input);
  const result = await handle(deps.store, couponStreamId(couponId), couponDecider, { type: 'DisableCoupon', data: { reason } }, ctx, { retries: CATALOGUE_RETRIES });
  return answer(couponId, result, COUPON_MESSAGES.disabled);
}

/** Enables a disabled coupon. Enabling an active one records nothing. */
export async function enableCoupon(deps: CatalogueDeps, couponId: string, ctx: CommandContext): Promise<CouponCommandResult> {
  const result = await handle(deps.store, couponStreamId(couponId), couponDecider, { type: 'EnableCoupon', data: {} }, ctx, { retries: CATALOGUE_RETRIES });
  return answer(couponId, result, COUPON_MESSAGES.enabled);
}
