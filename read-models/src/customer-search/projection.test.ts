/**
 * The customer search read model against real PostgreSQL: it reads only the events that can change
 * a search row, follows a confirmed contact change and an erasure, and leaves a row untouched (no
 * new row version) when an edit changes none of its columns.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customerStreamId } from '@dealer/contracts';
import { useEventStoreDatabase } from '@dealer/platform/testing/event-store-database';
import { append, catchUp } from '../pack-sales/test-events';
import { customerSearch } from './projection';

const env = useEventStoreDatabase();

const row = async (customerId: string) => {
  const [r] = await env.db.sql`
    select full_name_norm, email_norm, phone_digits, xmin::text as version from rm_customer_search.customers where customer_id = ${customerId}`;
  return r;
};

describe('customer_search', () => {
  const customerId = randomUUID();
  const stream = customerStreamId(customerId);

  it('should read the events that change names, e-mail and phones, and no others', () => {
    expect([...customerSearch.handles].sort()).toEqual(['CustomerContactChangeConfirmed', 'CustomerCreated', 'CustomerEdited', 'CustomerPersonalDataErased']);
  });

  it('should follow a confirmed e-mail change, and write nothing for an edit of other columns', async () => {
    await append(env.store, stream, [
      { type: 'CustomerCreated', data: { customerId, firstName: 'Pat', lastName: 'Lee', emailAddress: 'pat@example.com', phoneMobile: '(303) 555-0100', isTaxExempt: false, verifyRedemptions: false } },
      { type: 'RegistrationMessageRequested', data: { customerId, channel: 'email' } },
      { type: 'CustomerContactChangeRequested', data: { customerId, kind: 'email', changeId: 'c1', pendingEmail: 'pat.lee@example.com' } },
    ]);
    expect(await catchUp(env.db.sql, env.store, customerSearch)).toBe(0);
    const created = await row(customerId);
    // A requested change is not searchable until it is confirmed.
    expect(created).toMatchObject({ full_name_norm: 'pat lee', email_norm: 'pat@example.com', phone_digits: '3035550100' });

    await append(env.store, stream, [{ type: 'CustomerContactChangeConfirmed', data: { customerId, kind: 'email', changeId: 'c1', emailAddress: 'pat.lee@example.com' } }]);
    await catchUp(env.db.sql, env.store, customerSearch);
    const confirmed = await row(customerId);
    expect(confirmed).toMatchObject({ email_norm: 'pat.lee@example.com' });
    expect(confirmed!.version).not.toBe(created!.version);

    // The city is not a search column: the row keeps its version.
    await append(env.store, stream, [{ type: 'CustomerEdited', data: { customerId, city: 'Denver' } }]);
    await catchUp(env.db.sql, env.store, customerSearch);
    expect((await row(customerId))!.version).toBe(confirmed!.version);

    await append(env.store, stream, [{ type: 'CustomerEdited', data: { customerId, lastName: 'Lee-Smith' } }]);
    await catchUp(env.db.sql, env.store, customerSearch);
    expect(await row(customerId)).toMatchObject({ full_name_norm: 'pat lee-smith' });
  });

  it('should empty the personal columns of an erased customer', async () => {
    await append(env.store, stream, [{ type: 'CustomerPersonalDataErased', data: { customerId } }]);
    await catchUp(env.db.sql, env.store, customerSearch);
    expect(await row(customerId)).toMatchObject({ full_name_norm: '', email_norm: '', phone_digits: '' });
  });
});
