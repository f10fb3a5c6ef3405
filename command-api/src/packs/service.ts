/**
 * The catalogue pack commands (issue 11) as plain functions: check the input with contracts'
 * rules, check the selling locations exist, read the coupon definitions a command needs from
 * their streams, and run the decider. The routes (routes/packs.ts) and the demo seed call the
 * same functions.
 *
 * Concurrency: commands that are not pinned to a revision (add, remove, disable, enable) are
 * re-decided on the fresh stream when another command wrote first (handle() with
 * CATALOGUE_RETRIES), so concurrent changes of one pack serialise and none is lost; an edit
 * carries the revision its author saw and is answered 409 when the pack moved on.
 */
import {
  checkPackItem,
  checkPackTerms,
  isRecord,
  PACK_LIMITS,
  PACK_MESSAGES,
  packStreamId,
  type PackItem,
  type PackTerms,
} from '@dealer/contracts';
import { DomainError, handle, type CommandContext } from '@dealer/platform';
import {
  assertLocationsExist,
  CATALOGUE_RETRIES,
  expectedRevisionOrThrow,
  readCoupon,
  reasonOrThrow,
  type CatalogueCommandResult,
  type CatalogueDeps,
} from '../coupons/service';
import { packDecider } from '@dealer/domain/pack/decide';
import type { CouponDefinitionState } from '@dealer/domain/coupon/state';

export type { CatalogueDeps, CatalogueCommandResult } from '../coupons/service';

export interface PackCommandResult extends CatalogueCommandResult {
  packId: string;
}

export const PACK_REVISION_REQUIRED = 'expectedRevision is required: send the revision of the coupon pack you loaded (GET /api/packs/{id} answers it).';

const ITEMS_INVALID = 'Items are a list of coupons with quantities.';

export function packTermsOrThrow(input: unknown): PackTerms {
  const checked = checkPackTerms(input);
  if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
  return checked.value;
}

/** The items of a create: absent means none; each checked as an add-coupon request. */
export function packItemsOrThrow(input: unknown): PackItem[] {
  const raw = isRecord(input) ? input.items : undefined;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new DomainError('validation', [ITEMS_INVALID], { items: ITEMS_INVALID });
  const fields: Record<string, string> = {};
  const items: PackItem[] = [];
  raw.forEach((entry, i) => {
    const checked = checkPackItem(entry);
    if (checked.ok) items.push(checked.value);
    else for (const [key, message] of Object.entries(checked.fields)) fields[`items[${i}].${key}`] = message;
  });
  if (Object.keys(fields).length > 0) throw new DomainError('validation', [...new Set(Object.values(fields))], fields);
  if (new Set(items.map((i) => i.couponId)).size > PACK_LIMITS.itemsMax) throw new DomainError('validation', [PACK_MESSAGES.itemsMax], { items: PACK_MESSAGES.itemsMax });
  return items;
}

/** Runs two checks and throws one validation error with the fields of both (a form shows them all at once). */
function bothOrThrow<A, B>(first: () => A, second: () => B): [A, B] {
  const attempt = <T>(check: () => T): { value: T } | { error: DomainError } => {
    try {
      return { value: check() };
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'validation') return { error };
      throw error;
    }
  };
  const a = attempt(first);
  const b = attempt(second);
  if ('value' in a && 'value' in b) return [a.value, b.value];
  const errors = [a, b].flatMap((r) => ('error' in r ? [r.error] : []));
  const fields = Object.assign({}, ...errors.map((e) => e.fields ?? {})) as Record<string, string>;
  throw new DomainError('validation', [...new Set(errors.flatMap((e) => e.errors))], fields);
}

/** The coupon definitions the items name, folded from their streams (null: no such coupon). */
async function readCoupons(deps: CatalogueDeps, couponIds: string[]): Promise<Record<string, CouponDefinitionState | null>> {
  const distinct = [...new Set(couponIds)];
  const states = await Promise.all(distinct.map(async (id) => [id, (await readCoupon(deps.store, id)).state] as const));
  return Object.fromEntries(states);
}

const answer = (packId: string, result: { revision: number; position: number | null }, message: string): PackCommandResult => ({
  packId,
  id: packId,
  revision: result.revision,
  position: result.position,
  message,
});

/**
 * Creates a pack from its terms and items ({couponId, quantity}; only active coupons). Its id
 * is `options.packId` (the seed's fixed ids) or else the first `ctx.newId()`. A retry with
 * the same id, terms and items records nothing.
 */
export async function createPack(deps: CatalogueDeps, input: unknown, ctx: CommandContext, options: { packId?: string } = {}): Promise<PackCommandResult> {
  const [terms, items] = bothOrThrow(() => packTermsOrThrow(input), () => packItemsOrThrow(input));
  await assertLocationsExist(deps.sql, terms.locationIds);
  const coupons = await readCoupons(deps, items.map((i) => i.couponId));
  const packId = options.packId ?? ctx.newId();
  const result = await handle(deps.store, packStreamId(packId), packDecider, { type: 'CreatePack', data: { packId, terms, items, coupons } }, ctx);
  return answer(packId, result, PACK_MESSAGES.created);
}

/** Replaces a pack's terms (not its items); input carries expectedRevision (428 without, 409 when stale). */
export async function editPack(deps: CatalogueDeps, packId: string, input: unknown, ctx: CommandContext): Promise<PackCommandResult> {
  const expectedRevision = expectedRevisionOrThrow(input, PACK_REVISION_REQUIRED);
  const terms = packTermsOrThrow(input);
  const history = await deps.store.readStream(packStreamId(packId), { maxCount: 1 });
  if (history.length === 0) throw new DomainError('not_found', [PACK_MESSAGES.notFound]);
  await assertLocationsExist(deps.sql, terms.locationIds);
  const result = await handle(deps.store, packStreamId(packId), packDecider, { type: 'EditPack', data: { terms } }, ctx, { expectedRevision });
  return answer(packId, result, PACK_MESSAGES.edited);
}

/** Disables a pack ({reason?}): it can no longer be sold or changed until enabled. */
export async function disablePack(deps: CatalogueDeps, packId: string, input: unknown, ctx: CommandContext): Promise<PackCommandResult> {
  const reason = reasonOrThrow(input, PACK_MESSAGES.reasonMax);
  const result = await handle(deps.store, packStreamId(packId), packDecider, { type: 'DisablePack', data: { reason } }, ctx, { retries: CATALOGUE_RETRIES });
  return answer(packId, result, PACK_MESSAGES.disabled);
}

export async function enablePack(deps: CatalogueDeps, packId: string, ctx: CommandContext): Promise<PackCommandResult> {
  const result = await handle(deps.store, packStreamId(packId), packDecider, { type: 'EnablePack', data: {} }, ctx, { retries: CATALOGUE_RETRIES });
  return answer(packId, result, PACK_MESSAGES.enabled);
}

/**
 * Adds an active coupon to a pack ({couponId, quantity?}, quantity 1 by default); a coupon the
 * pack already holds gets the new quantity.
 */
export async function addCouponToPack(deps: CatalogueDeps, packId: string, input: unknown, ctx: CommandContext): Promise<PackCommandResult> {
  const checked = checkPackItem(input);
  if (!checked.ok) throw new DomainError('validation', checked.errors, checked.fields);
  const item = checked.value;
  const { state: coupon } = await readCoupon(deps.store, item.couponId);
  const result = await handle(deps.store, packStreamId(packId), packDecider, { type: 'AddCouponToPack', data: { item, coupon } }, ctx, { retries: CATALOGUE_RETRIES });
  return answer(packId, result, PACK_MESSAGES.couponAdded);
}

export async function removeCouponFromPack(deps: CatalogueDeps, packId: string, couponId: string, ctx: CommandContext): Promise<PackCommandResult> {
  const result = await handle(deps.store, packStreamId(packId), packDecider, { type: 'RemoveCouponFromPack', data: { couponId } }, ctx, { retries: CATALOGUE_RETRIES });
  return answer(packId, result, PACK_MESSAGES.couponRemoved);
}
