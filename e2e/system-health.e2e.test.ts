// Browser tests of System health (admins, issue 10 items 9 and 16): events a read model could not apply and
// message jobs that failed for good, each with Retry and a toast; plain-words empty states; cards on a phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '@dealer/launcher/testing/test-server';
import { signIn } from './support/auth';
import { launchBrowser, openPage, screenshot, visible, waitForTitle } from './support/browser';
import { expectCurrentTabInView } from './support/navigation';

let server: TestServer;
let browser: Browser;

const PATH = '/employee/system-health';
const EMPTY_EVENTS = 'Nothing is waiting: every read model has applied every event.';
const EMPTY_JOBS = 'No failed messages: every e-mail and text went out.';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Parks a stored event as the projector does when it cannot apply one, and a registration e-mail job as the
 * reactor does when every attempt failed. Both name real records, so a retry can succeed.
 */
async function parkWork(): Promise<{ eventPosition: string }> {
  const { sql } = server.product;
  const [event] = await sql<{ position: string; eventId: string; streamId: string }[]>`
    select global_position::text as position, event_id::text as "eventId", stream_id as "streamId"
    from es_events where event_type = 'CustomerCreated' order by global_position desc limit 1`;
  if (!event) throw new Error('The demo data has no CustomerCreated event');
  await sql`
    insert into parked_events (projection, global_position, event_id, event_type, stream_id, error)
    values ('customer_search', ${event.position}, ${event.eventId}, 'CustomerCreated', ${event.streamId},
      'value too long for type character varying(100)')`;
  // A job the reactor can run again: scrubbing the outbox of a customer id (nothing to scrub is a success).
  const job = { customerId: '00000000-0000-4000-8000-00000000e2e1' };
  await sql`
    insert into failed_jobs (job_id, name, data, error, attempts)
    values ('e2e-failed-job-1', 'scrub-erased-messages', ${JSON.stringify(job)}::jsonb, 'Connection terminated unexpectedly', 5)`;
  return { eventPosition: event.position };
}

async function openSystemHealth(viewport: 'desktop' | 'mobile') {
  const opened = await openPage(browser, server.url, viewport);
  await signIn(opened.page, 'admin');
  await opened.page.getByText('Login Successful').waitFor({ state: 'detached' });
  await opened.page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'System health' }).click();
  await opened.page.waitForURL(`**${PATH}`);
  await waitForTitle(opened.page, 'System health | Dealer Coupons');
  return opened;
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

describe('System health', () => {
  it('should say in plain words that nothing is stuck', async () => {
    const { page, context, pageErrors } = await openSystemHealth('desktop');
    await visible(section(page, 'Events waiting to be applied').getByText(EMPTY_EVENTS));
    await visible(section(page, 'Messages that could not be sent').getByText(EMPTY_JOBS));
    await screenshot(page, 'system-health-empty-desktop');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should list a parked event and a failed job, and retry each with a toast', async () => {
    const { eventPosition } = await parkWork();
    const { page, context, pageErrors } = await openSystemHealth('desktop');
    const events = section(page, 'Events waiting to be applied');
    const eventRow = await visible(events.getByRole('row').filter({ hasText: 'customer_search' }));
    expect(await eventRow.textContent()).toContain('Customer created (CustomerCreated)');
    expect(await eventRow.textContent()).toContain(eventPosition);
    expect(await eventRow.textContent()).toContain('value too long');
    const jobs = section(page, 'Messages that could not be sent');
    const jobRow = await visible(jobs.getByRole('row').filter({ hasText: 'Scrub erased messages' }));
    expect(await jobRow.textContent()).toContain('Connection terminated unexpectedly');
    await screenshot(page, 'system-health-desktop');

    await eventRow.getByRole('button', { name: /^Retry CustomerCreated/ }).click();
    await visible(page.getByText('Retry requested.'));
    // The projector applies the (valid) event on its next poll and forgets the row.
    await visible(events.getByText(EMPTY_EVENTS));

    await jobRow.getByRole('button', { name: /^Retry Scrub erased messages/ }).click();
    await visible(page.getByText('Retry requested.').first());
    // The reactor queues the job again and forgets the row; until then the list may still show it.
    for (let i = 0; i < 40 && !(await jobs.getByText(EMPTY_JOBS).count()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
    }
    await visible(section(page, 'Messages that could not be sent').getByText(EMPTY_JOBS));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should show the lists as cards on a phone, with the page in view in the menu strip', async () => {
    await server.product.sql`
      insert into failed_jobs (job_id, name, data, error, attempts)
      values ('e2e-failed-job-2', 'send-contact-verification', '{}'::jsonb, 'SMS provider answered 500', 3)`;
    // Opened straight from the address (no click that would scroll the strip by itself).
    const { page, context, pageErrors } = await openPage(browser, server.url, 'mobile');
    await signIn(page, 'admin', { destination: PATH });
    await waitForTitle(page, 'System health | Dealer Coupons');
    await expectCurrentTabInView(page, 'System health');
    const jobs = section(page, 'Messages that could not be sent');
    const card = await visible(jobs.getByRole('list', { name: 'Messages that could not be sent' }).getByRole('listitem').filter({ hasText: 'Send contact verification' }));
    expect(await card.textContent()).toContain('SMS provider answered 500');
    expect(await jobs.getByRole('table').count()).toBe(0);
    await screenshot(page, 'system-health-mobile');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('should refuse staff who are not admins with the forbidden page, and not offer the link', async () => {
    const { page, context } = await openPage(browser, server.url, 'desktop');
    await signIn(page, 'manager');
    expect(await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'System health' }).count()).toBe(0);
    await page.goto(PATH);
    await visible(page.getByText('You do not have access to this page.'));
    await context.close();
  });
});
