/**
 * Desk codes of pack sales and issued coupons (issue 24 part 1, ADR 0088), kept in
 * `desk_codes` of the pack_sales read model (unique code, one row per sale and per issued coupon).
 *
 * A code is HMAC-SHA256 of the sale's or issued coupon's id under this install's desk-code key,
 * spelled in the desk-code alphabet (contracts' deskCodeFromBytes). The key is 32 random bytes
 * made on first use and kept in `read_model_keys` (outside every projection's schema, so a
 * rebuild's fresh schema finds the same key): the same sale gets the same code on every
 * replay, retry and rebuild, sales from before codes get theirs the same way, and without
 * the key a code cannot be worked out from an id. Two ids whose codes collide (about one chance
 * in 10^9 per pair of a million) are told apart deterministically: the later one in event
 * order takes the next derivation (`:1`, `:2`, ...), which a rebuild in the same order repeats.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { deskCodeFromBytes } from '@dealer/contracts';
import { PREPARED, type Tx } from '../projection';

export interface DeskCodeOwner {
  kind: 'sale' | 'coupon';
  saleId: string;
  customerId: string;
  /** The issued coupon (kind 'coupon'), else null. */
  issuedCouponId: string | null;
}

/**
 * This install's desk-code key, made on first use. The first use takes a lock (the live projection
 * and a rebuild may both get there first): whoever creates the key, everyone reads the same one.
 */
export async function deskCodeKey(tx: Tx): Promise<Buffer> {
  const [table] = await tx.unsafe<{ present: boolean }[]>(`select to_regclass('public.read_model_keys') is not null as present`);
  if (table!.present) {
    const [row] = await tx.unsafe<{ key: Buffer }[]>(`select key from public.read_model_keys where name = 'desk-codes'`);
    if (row) return row.key;
  }
  await tx.unsafe(`select pg_advisory_xact_lock(hashtext('read_model_keys'))`);
  await tx.unsafe(`create table if not exists public.read_model_keys (name text primary key, key bytea not null, created_at timestamptz not null default now())`);
  await tx.unsafe(`insert into public.read_model_keys (name, key) values ('desk-codes', $1) on conflict (name) do nothing`, [randomBytes(32) as never], PREPARED);
  const [row] = await tx.unsafe<{ key: Buffer }[]>(`select key from public.read_model_keys where name = 'desk-codes'`);
  return row!.key;
}

/** The code of an id under `key`, at the given derivation (0 unless an earlier id holds the code). */
export function deriveDeskCode(key: Buffer, owner: Pick<DeskCodeOwner, 'kind' | 'saleId' | 'issuedCouponId'>, attempt = 0): string {
  const id = (owner.kind === 'sale' ? owner.saleId : owner.issuedCouponId!).toLowerCase();
  return deskCodeFromBytes(createHmac('sha256', key).update(`${owner.kind}:${id}:${attempt}`).digest());
}

/** Gives each owner its code (in order; earlier owners win a collision) and writes them. */
export async function assignDeskCodes(tx: Tx, s: string, owners: DeskCodeOwner[]): Promise<void> {
  if (owners.length === 0) return;
  const key = await deskCodeKey(tx);
  const codes = owners.map((o) => deriveDeskCode(key, o));
  for (let attempt = 1; ; attempt++) {
    const taken = new Set(
      (await tx.unsafe<{ code: string }[]>(`select code from ${s}.desk_codes where code = any($1::text[])`, [codes as never], PREPARED)).map((r) => r.code),
    );
    let clashes = 0;
    const inBatch = new Set<string>();
    codes.forEach((code, i) => {
      if (taken.has(code) || inBatch.has(code)) {
        codes[i] = deriveDeskCode(key, owners[i]!, attempt);
        clashes++;
      } else inBatch.add(code);
    });
    if (clashes === 0) break;
  }
  const rows = owners.map((o, i) => ({ code: codes[i], kind: o.kind, sale_id: o.saleId, customer_id: o.customerId, issued_coupon_id: o.issuedCouponId }));
  await tx.unsafe(`insert into ${s}.desk_codes select * from json_populate_recordset(null::${s}.desk_codes, $1::json)`, [rows as never], PREPARED);
}
