/**
 * Demo data, loaded once (idempotent): deterministic customers created through the same
 * event store path as the product (sealed personal data, projections build the read side).
 * Loads only in demo mode; production never calls it.
 */
import { customerStreamId, type CustomerProfile } from '@dealer/contracts';
import { seedDemoAccounts } from './accounts';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoPaperBooks } from './paper-books';
import { loadDemoDms, type DmsPerson } from '@dealer/dms/index';
import {
  PersonalDataVault,
  ProtectedEventStore,
  WrongExpectedRevisionError,
  createEventStore,
  deterministicUuid,
  type Env,
  type Sql,
} from '@dealer/platform';

const FIRST = ['Pat', 'Jordan', 'Casey', 'Riley', 'Morgan', 'Avery', 'Quinn', 'Taylor', 'Jamie', 'Drew', 'Alex', 'Sam'];
const LAST = ['Customer', 'Garcia', 'Nguyen', 'Smith', 'Johnson', 'Martinez', 'Lee', 'Brown', 'Davis', 'Lopez', 'Walker', 'Young'];
const STREETS = ['Main St', 'Colfax Ave', 'Broadway', 'Pearl St', 'Wadsworth Blvd', 'Federal Blvd'];
const CITIES: [string, string][] = [['Denver', '80202'], ['Boulder', '80301'], ['Aurora', '80012'], ['Lakewood', '80226'], ['Golden', '80401']];

export function demoCustomer(i: number): CustomerProfile {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const [city, zip] = CITIES[i % CITIES.length]!;
  return {
    firstName: first,
    lastName: last,
    emailAddress: i === 0 ? 'pat.customer@example.com' : `${first}.${last}${i}@example.com`.toLowerCase(),
    phoneMobile: `303555${String(1000 + i).padStart(4, '0')}`,
    phoneOther: i % 3 === 0 ? `720555${String(2000 + i).padStart(4, '0')}` : null,
    address: `${100 + i * 7} ${STREETS[i % STREETS.length]}`,
    address2: null,
    city,
    state: 'CO',
    zip,
    isTaxExempt: i % 17 === 0,
    verifyRedemptions: i % 11 === 0,
  };
}

export const DEMO_CUSTOMER_COUNT = 60;

export interface SeedOptions {
  /** Demo repair orders to generate (default 3,000); tests load fewer to start quickly. */
  repairOrders?: number;
  /** The coupon catalogue, packs and sold packs (default true). */
  catalogue?: boolean;
}

export async function seedDemoData(sql: Sql, env: Env & { piiMasterKey: Buffer }, options: SeedOptions = {}): Promise<{ created: number }> {
  const store = new ProtectedEventStore(await createEventStore(env, sql), await PersonalDataVault.open(sql, env));
  let created = 0;
  try {
    for (let i = 0; i < DEMO_CUSTOMER_COUNT; i++) {
      const customerId = deterministicUuid(`demo-customer-${i}`);
      if ((await store.readStream(customerStreamId(customerId), { maxCount: 1 })).length > 0) continue;
      try {
        await store.appendToStream(
          customerStreamId(customerId),
          [
            {
              type: 'CustomerCreated',
              data: { customerId, ...demoCustomer(i) },
              metadata: {
                eventId: deterministicUuid(`demo-customer-created-${i}`),
                correlationId: 'demo-seed',
                causationId: null,
                actor: 'system:demo-seed',
                time: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        created += 1;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    // Pat is a registered customer with a password (demo account).
    const patId = deterministicUuid('demo-customer-0');
    const pat = await store.readStream(customerStreamId(patId));
    if (!pat.some((e) => e.type === 'CustomerRegistered')) {
      await store.appendToStream(customerStreamId(patId), [
        {
          type: 'CustomerRegistered',
          data: { customerId: patId, via: 'registration-link' },
          metadata: { eventId: deterministicUuid('demo-customer-registered-0'), correlationId: 'demo-seed', causationId: null, actor: 'system:demo-seed', time: new Date(Date.UTC(2025, 0, 2)).toISOString() },
        },
      ]);
    }
    created += await seedDemoAccounts(sql, store, patId);
    // DMS reference data: locations and repair orders, many of them the demo customers'.
    await loadDemoDms(sql, { crm: { count: DEMO_CUSTOMER_COUNT, at: (i) => demoDmsPerson(demoCustomer(i)) }, repairOrders: options.repairOrders });
    // Issue 11: the coupon catalogue, packs, and packs sold to the first demo customers.
    if (options.catalogue !== false) {
      await seedDemoCatalogue(sql, store, { customer: demoCustomer });
      // Issue 12: two paper coupon books of the catalogue's packs, imported as the dealership's records.
      await seedDemoPaperBooks(sql, store);
    }
  } finally {
    await store.close();
  }
  return { created };
}

/** A demo customer as the DMS knows them (same name, e-mail, phones and address). */
function demoDmsPerson(c: CustomerProfile): DmsPerson {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.emailAddress ?? null,
    phones: [c.phoneMobile, c.phoneOther].filter((p): p is string => Boolean(p)),
    address: c.address ?? null,
    address2: c.address2 ?? null,
    city: c.city ?? null,
    state: c.state ?? null,
    zip: c.zip ?? null,
  };
}
