/**
 * The customer events of the rebuild fixture, as COPY text rows of es_events. Shared by the
 * fixture workers; a chunk of positions only needs the plan (which customer, create or edit,
 * which revision), the customers' ids and keys, and a seed, so chunks can be built anywhere.
 */
import { randomUUID } from 'node:crypto';
import { customerStreamId, PERSONAL_DATA_SUBJECT_FIELD, PERSONAL_FIELD_SET } from '@dealer/contracts';
import type { PersonalDataVault } from '@dealer/platform/personal-data/vault';

/** Small deterministic PRNG (xorshift32), so runs are comparable. */
export function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

const FIRST = ['Pat', 'Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Drew'];
const LAST = ['Customer', 'Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Moore'];
const CITY = ['Denver', 'Boulder', 'Aurora', 'Lakewood', 'Golden', 'Arvada', 'Littleton', 'Parker'];
const STATE = ['CO', 'WY', 'NM', 'UT', 'KS'];
const STREET = ['Main St', 'Oak Ave', 'Pine Rd', 'Elm St', 'Broadway', 'Colfax Ave'];

type Profile = Record<string, string | boolean | null>;

const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

function digits(rand: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(rand() * 10);
  return s;
}

function newProfile(rand: () => number, i: number): Profile {
  const first = pick(rand, FIRST);
  const last = pick(rand, LAST);
  return {
    firstName: first,
    lastName: last,
    emailAddress: `${first}.${last}.${i}@example.com`.toLowerCase(),
    phoneMobile: `303${digits(rand, 7)}`,
    phoneOther: rand() < 0.3 ? `720${digits(rand, 7)}` : null,
    address: `${1 + Math.floor(rand() * 9999)} ${pick(rand, STREET)}`,
    address2: rand() < 0.1 ? `Apt ${1 + Math.floor(rand() * 300)}` : null,
    city: pick(rand, CITY),
    state: pick(rand, STATE),
    zip: digits(rand, 5),
    isTaxExempt: rand() < 0.05,
    verifyRedemptions: rand() < 0.1,
  };
}

/** The fields an edit changes (only changed fields are recorded, as the decider does). */
function editChanges(rand: () => number, position: number): Profile {
  const r = rand();
  if (r < 0.4) return { address: `${1 + Math.floor(rand() * 9999)} ${pick(rand, STREET)}`, city: pick(rand, CITY), zip: digits(rand, 5) };
  if (r < 0.65) return { emailAddress: `edited.${position}@example.com` };
  if (r < 0.85) return { phoneMobile: `303${digits(rand, 7)}` };
  return { isTaxExempt: rand() < 0.5 }; // no personal field: stored without a box
}

/** COPY text format: backslash is the escape character (JSON.stringify never emits raw tabs/newlines). */
export function copyText(s: string): string {
  return s.includes('\\') ? s.replace(/\\/g, '\\\\') : s;
}

/** Seals as ProtectedEventStore does: personal fields into __pii with the customer's key, the rest stays plain. */
function sealData(vault: PersonalDataVault, key: Buffer, data: Record<string, unknown>): string {
  const plain: Record<string, unknown> = {};
  const personal: Record<string, unknown> = {};
  let anyPersonal = false;
  for (const k in data) {
    if (PERSONAL_FIELD_SET.has(k)) {
      personal[k] = data[k];
      anyPersonal = true;
    } else plain[k] = data[k];
  }
  if (!anyPersonal) return JSON.stringify(data);
  plain.__pii = vault.sealFields(key, personal);
  return JSON.stringify(plain);
}

/** Everything a chunk needs; the buffers are shared between threads. */
export interface FixturePlan {
  total: number;
  customers: number;
  /** 1 when the event at this position (1-based) creates its customer. */
  create: Uint8Array;
  /** Customer index of the event at this position. */
  customer: Int32Array;
  /** Stream revision of the event at this position. */
  revision: Int32Array;
  /** Customer ids, 36 ASCII bytes each. */
  ids: Uint8Array;
  /** Customer keys, 32 bytes each. */
  keys: Uint8Array;
  /** Customer indexes whose events are returned for checking. */
  sampled: number[];
  seed: number;
  baseTime: number;
}

export interface SampleEvent {
  position: number;
  index: number;
  type: string;
  data: Record<string, unknown>;
}

export function customerId(plan: FixturePlan, index: number): string {
  return Buffer.from(plan.ids.buffer, plan.ids.byteOffset + 36 * index, 36).toString('latin1');
}

/** COPY rows (global_position, stream_id, revision, event_id, event_type, data, metadata, transaction_id) for positions [from, to]. */
export function buildChunk(plan: FixturePlan, vault: PersonalDataVault, from: number, to: number): { text: string; samples: SampleEvent[] } {
  const sampled = new Set(plan.sampled);
  const samples: SampleEvent[] = [];
  const lines: string[] = [];
  for (let position = from; position <= to; position++) {
    const index = plan.customer[position]!;
    const id = customerId(plan, index);
    const key = Buffer.from(plan.keys.buffer, plan.keys.byteOffset + 32 * index, 32);
    const rand = prng(plan.seed ^ Math.imul(position, 0x9e3779b1));
    const created = plan.create[position] === 1;
    const type = created ? 'CustomerCreated' : 'CustomerEdited';
    const data: Record<string, unknown> = { [PERSONAL_DATA_SUBJECT_FIELD]: id, ...(created ? newProfile(rand, index) : editChanges(rand, position)) };
    if (sampled.has(index)) samples.push({ position, index, type, data: { ...data } });
    const time = new Date(plan.baseTime + position).toISOString();
    const metadata = `{"eventId":"${randomUUID()}","correlationId":"${randomUUID()}","causationId":null,"actor":"user:bench","time":"${time}"}`;
    lines.push(`${position}\t${customerStreamId(id)}\t${plan.revision[position]!}\t${randomUUID()}\t${type}\t${copyText(sealData(vault, key, data))}\t${metadata}\t1\n`);
  }
  return { text: lines.join(''), samples };
}
