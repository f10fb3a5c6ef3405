/**
 * Redemption verification through HTTP against real PostgreSQL and Redis (fresh database per
 * file): op-code rules, start, the message the workers send (development outbox), the rate
 * limit, the customer's answer by link token, polling, the staff override with its notice,
 * and who may read which verification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { REDEMPTION_FINAL_REASONS, REDEMPTION_MESSAGES, remainingWaitSeconds, type RedemptionVerification } from '@dealer/contracts';
import { deterministicUuid } from '@dealer/platform';
import { hashPassword } from '@dealer/command-api';
import { REDEMPTION_START_MESSAGES } from '@dealer/domain/redemption-verification/decide';
import { startTestServer, type TestServer } from './testing/test-server';
import { givenRolesAtEveryRooftop } from './testing/rooftops';
import { loginAs, xsrfHeaders } from './testing/auth';
import { DEMO_PASSWORD } from './demo/accounts';

let server: TestServer;
let employee: Record<string, string>;
let manager: Record<string, string>;
let admin: Record<string, string>;
let pat: Record<string, string>;
let customerB: Record<string, string>;
let anonymous: Record<string, string>;
const patId = deterministicUuid('demo-customer-0');
const customerBId = deterministicUuid('demo-customer-1');
const employeeActor = `user:${deterministicUuid('demo-employee-employee')}`;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  // Issue 20: staff act only where they hold a role; these work at the group's first four rooftops.
  await givenRolesAtEveryRooftop(server, ['employee', 'manager']);
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
  admin = (await loginAs(server, 'admin')).headers;
  pat = (await loginAs(server, 'customer')).headers;
  anonymous = await xsrfHeaders(server);
  await server.product.sql`insert into auth_credentials (user_kind, user_id, login, password_hash)
    values ('customer', ${customerBId}, 'rv-customer-b@example.com', ${await hashPassword(DEMO_PASSWORD)}) on conflict do nothing`;
  const b = await server.product.app.inject({ method: 'POST', url: '/auth-api/login', headers: anonymous, payload: { username: 'rv-customer-b@example.com', password: DEMO_PASSWORD } });
  customerB = { ...anonymous, authorization: `Bearer ${b.json().dataSet.token}` };
});
afterAll(async () => {
  await server?.stop();
});

const inject = (options: InjectOptions, headers: Record<string, string> = employee) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });

/** A GET that waits for the read models to reach `position` (read-your-writes). */
const read = (url: string, headers: Record<string, string> = employee, position = '0') => inject({ method: 'GET', url, headers: { 'x-min-position': position } }, headers);

/** The messages to `to`, oldest first, once at least `count` of them (about `subject`, when given) arrived. */
async function outbox(to: string, count: number, subject = ''): Promise<{ subject: string; body: string }[]> {
  const load = async () => ((await read(`/api/dev-outbox?to=${encodeURIComponent(to)}`, admin)).json().dataSet as { subject: string; body: string }[]).reverse().filter((m) => m.subject.includes(subject));
  const deadline = Date.now() + 15_000;
  let messages = await load();
  while (messages.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    messages = await load();
  }
  expect(messages.length).toBeGreaterThanOrEqual(count);
  return messages;
}

/** Polls GET /api/redemption-verifications/{id} (as the client does every 3 s) until `done`. */
async function pollUntil(id: string, done: (v: RedemptionVerification) => boolean, headers = employee): Promise<RedemptionVerification> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await read(`/api/redemption-verifications/${id}`, headers);
    expect(res.statusCode).toBe(200);
    const v = res.json().dataSet as RedemptionVerification;
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const tokenIn = (body: string) => /\/verify\/redemption\/([\w-]+)/.exec(body)![1]!;

/** A demo RO at location 1 of a demo customer whose Verify Redemptions switch is off, with two op codes or more. */
async function demoRepairOrder() {
  const [row] = await server.product.sql<{ ro_number: string; customer_id: string; email_address: string; first_name: string; last_name: string; op_codes: string[] }[]>`
    select r.ro_number, c.customer_id::text, c.email_address, c.first_name, c.last_name,
      array_agg(j.op_code order by j.line_no nulls last, j.job_id) as op_codes
    from ref.repair_orders r
    join rm_customer_details.customers c on c.email_address = r.customer_email and not c.verify_redemptions
    join ref.ro_jobs j on j.location_id = r.location_id and j.ro_number = r.ro_number
    where r.location_id = 1
    group by r.ro_number, c.customer_id, c.email_address, c.first_name, c.last_name
    having count(distinct j.op_code) >= 2
    order by r.ro_number limit 1`;
  expect(row).toBeDefined();
  return { ...row!, opCodes: [...new Set(row!.op_codes)] };
}

describe('op-code verification rules', () => {
  it('should let a manager mark an op code per location, list, describe and remove it, and refuse duplicates and employees', async () => {
    const added = await inject({ method: 'POST', url: '/api/opcode-verification-rules', payload: { locationId: 2, opCode: ' tst ', description: 'Test op code' } }, manager);
    expect(added.statusCode).toBe(201);
    const rule = added.json().dataSet;
    expect(rule).toMatchObject({ locationId: 2, opCode: 'TST', description: 'Test op code', message: 'Op code verification rule successfully added.' });
    const listed = await read('/api/opcode-verification-rules?locationId=2', manager, added.json().metaData.position);
    expect(listed.json().dataSet).toEqual([expect.objectContaining({ id: rule.id, opCode: 'TST', description: 'Test op code' })]);

    const duplicate = await inject({ method: 'POST', url: '/api/opcode-verification-rules', payload: { locationId: 2, opCode: 'TST' } }, manager);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual(['This op code already needs verification at this location.']);
    const invalid = await inject({ method: 'POST', url: '/api/opcode-verification-rules', payload: { locationId: 2, opCode: '' } }, manager);
    expect(invalid.json().errors).toEqual(['Op code is required.']);
    const byEmployee = await inject({ method: 'POST', url: '/api/opcode-verification-rules', payload: { locationId: 2, opCode: 'XYZ' } }, employee);
    expect(byEmployee.statusCode).toBe(403);

    const changed = await inject({ method: 'PUT', url: `/api/opcode-verification-rules/${rule.id}`, payload: { description: 'Renamed' } }, manager);
    expect(changed.json().dataSet).toMatchObject({ description: 'Renamed', message: 'Op code verification rule successfully updated.' });
    const removed = await inject({ method: 'DELETE', url: `/api/opcode-verification-rules/${rule.id}` }, manager);
    expect(removed.json().dataSet.message).toBe('Op code verification rule successfully removed.');
    expect((await read('/api/opcode-verification-rules?locationId=2', manager, removed.json().metaData.position)).json().dataSet).toEqual([]);
  });

  it('should list every location\'s rules with the location name, by location name, then op code', async () => {
    const add = async (locationId: number, opCode: string) => {
      const res = await inject({ method: 'POST', url: '/api/opcode-verification-rules', payload: { locationId, opCode } }, manager);
      expect(res.statusCode).toBe(201);
      return res.json() as { dataSet: { id: string }; metaData: { position: string } };
    };
    const added = [await add(2, 'TST'), await add(3, 'ZZT'), await add(2, 'ALT'), await add(3, 'BRT')];
    const all = await read('/api/opcode-verification-rules', manager, added.at(-1)!.metaData.position);
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const rows = all.json().dataSet as { locationName: string; opCode: string }[];
    expect(rows.map((r) => `${r.locationName}/${r.opCode}`)).toEqual([
      'Cherry Creek Ford/BRT', 'Cherry Creek Ford/ZZT', 'Flatirons Honda/ALT', 'Flatirons Honda/TST',
    ]);
    const one = await read('/api/opcode-verification-rules?locationId=3', manager);
    expect(one.json().dataSet.map((r: { opCode: string; locationId: number }) => [r.locationId, r.opCode])).toEqual([[3, 'BRT'], [3, 'ZZT']]);
    expect((await read('/api/opcode-verification-rules?locationId=3', employee)).statusCode).toBe(403);

    let position = '0';
    for (const { dataSet } of added) position = (await inject({ method: 'DELETE', url: `/api/opcode-verification-rules/${dataSet.id}` }, manager)).json().metaData.position;
    expect((await read('/api/opcode-verification-rules', manager, position)).json().dataSet).toEqual([]);
  });
});

describe('a redemption verification answered by the customer', () => {
  it('should send the link, refuse a second send before the rate limit, and show the answer per op code when polled', async () => {
    const ro = await demoRepairOrder();
    const [first, second] = ro.opCodes as [string, string];
    let position = '0';
    for (const opCode of [first, second]) {
      const res = await inject({ method: 'POST', url: '/api/opcode-verification-rules', payload: { locationId: 1, opCode } }, manager);
      expect(res.statusCode).toBe(201);
      position = res.json().metaData.position;
    }

    const start = { type: 'email', roNumber: ro.ro_number, locationId: 1, customerId: ro.customer_id };
    const nothing = await inject({ method: 'POST', url: '/api/redemption-verifications', headers: { 'x-min-position': position }, payload: { ...start, preApprovalOpCodes: [first, second] } });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual([REDEMPTION_START_MESSAGES.allPreApproved]);

    const started = await inject({ method: 'POST', url: '/api/redemption-verifications', headers: { 'x-min-position': position }, payload: start });
    expect(started.statusCode).toBe(201);
    const v = started.json().dataSet as RedemptionVerification & { message: string };
    expect(v).toMatchObject({
      roNumber: ro.ro_number,
      locationId: 1,
      locationName: 'Front Range Toyota',
      customerId: ro.customer_id,
      type: 'email',
      isEmail: true,
      isText: false,
      status: 'pending',
      isPending: true,
      isComplete: false,
      isFinal: false,
      isAccepted: false,
      hasBillout: false,
      customerFirstName: ro.first_name,
      customerLastName: ro.last_name,
      emailAddress: ro.email_address,
      pendingOpCodes: [first, second],
      approvedOpCodes: [],
      sentDate: null,
      rateLimitSeconds: 60,
      errorMessage: null,
      message: `Email or Text sent to ${ro.first_name} ${ro.last_name}.`,
    });
    expect(v.id).toBe(v.redemptionVerificationId);
    expect(Date.parse(v.expires) - Date.parse(v.startedDate)).toBe(30 * 60 * 1000);

    // The link arrives; the verification shows when it was sent.
    const [mail] = await outbox(ro.email_address, 1);
    expect(mail!.body).toContain(ro.ro_number);
    const token = tokenIn(mail!.body);
    const sent = await pollUntil(v.id, (x) => x.sentDate !== null);
    expect(sent.status).toBe('sent');

    // A second send before the rate limit: 429 with SPEC 4's remaining wait.
    const again = await inject({ method: 'POST', url: `/api/redemption-verifications/${v.id}/resend`, payload: {} });
    expect(again.statusCode).toBe(429);
    const expected = remainingWaitSeconds({ sentDate: sent.sentDate, isAccepted: false, rateLimitSeconds: 60 }, new Date());
    const wait = Number(again.headers['retry-after']);
    expect(Math.abs(wait - expected)).toBeLessThanOrEqual(1);
    expect(again.json().errors).toEqual([REDEMPTION_MESSAGES.rateLimited(wait)]);
    const bodiless = await server.product.app.inject({ method: 'POST', url: `/api/redemption-verifications/${v.id}/resend`, headers: employee });
    expect(bodiless.statusCode).toBe(429);
    // Starting again for the same RO and customer is the same send: refused the same way.
    const restart = await inject({ method: 'POST', url: '/api/redemption-verifications', payload: start });
    expect(restart.statusCode).toBe(429);
    expect(await outbox(ro.email_address, 1)).toHaveLength(1);

    // The verify page: RO, location and op codes with descriptions; nothing personal.
    const page = await inject({ method: 'GET', url: `/auth-api/redemption-verifications/by-token?token=${token}` }, anonymous);
    expect(page.statusCode).toBe(200);
    expect(page.json().dataSet).toMatchObject({ redemptionVerificationId: v.id, roNumber: ro.ro_number, locationName: 'Front Range Toyota', status: 'sent', isFinal: false });
    expect(page.json().dataSet.opCodes.map((o: { opCode: string }) => o.opCode)).toEqual([first, second]);
    expect(page.json().dataSet.opCodes[0].description).toEqual(expect.any(String));
    expect(page.body).not.toContain(ro.email_address);
    expect(page.body).not.toContain(ro.last_name);

    // The customer answers per op code through the token (no sign-in).
    const submit = (code: string, approvedOpCodes: string[], declinedOpCodes: string[]) =>
      inject({ method: 'PUT', url: '/api/redemption-verifications', payload: { codeId: v.id, code, reply: { approvedOpCodes, declinedOpCodes } } }, anonymous);
    const wrongToken = await submit('not-the-token', [first, second], []);
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json().errors).toEqual(['This link is not valid or has already been used.']);
    const incomplete = await submit(token, [first], []);
    expect(incomplete.json().errors).toEqual([REDEMPTION_MESSAGES.answerIncomplete]);
    const answered = await submit(token, [first, second], []);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().dataSet).toMatchObject({ status: 'accepted', isComplete: true, isAccepted: true });

    // Polling shows it complete within one poll.
    const done = await read(`/api/redemption-verifications/${v.id}`, employee, answered.json().metaData.position);
    expect(done.json().dataSet).toMatchObject({
      status: 'accepted',
      isComplete: true,
      isFinal: true,
      isPending: false,
      isAccepted: true,
      pendingOpCodes: [],
      approvedOpCodes: [first, second],
      errorMessage: REDEMPTION_FINAL_REASONS.accepted,
    });

    // Single use: the same answer again changes nothing, another one is refused, the page is gone.
    expect((await submit(token, [first, second], [])).statusCode).toBe(200);
    const changedMind = await submit(token, [first], [second]);
    expect(changedMind.statusCode).toBe(409);
    expect(changedMind.json().errors).toEqual([REDEMPTION_FINAL_REASONS.accepted]);
    expect((await inject({ method: 'GET', url: `/auth-api/redemption-verifications/by-token?token=${token}` }, anonymous)).statusCode).toBe(404);

    // A final verification cannot be approved by staff either.
    const late = await inject({ method: 'POST', url: '/api/redemption-verification-overrides', payload: { redemptionVerificationId: v.id } });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual(['This verification is final and cannot be approved.', REDEMPTION_FINAL_REASONS.accepted]);
  });
});

describe('a redemption verification accepted by staff', () => {
  async function patRepairOrder(): Promise<{ roNumber: string; locationId: number }> {
    const [row] = await server.product.sql<{ ro_number: string; location_id: number }[]>`
      select r.ro_number, r.location_id from ref.repair_orders r
      where r.customer_email = 'pat.customer@example.com'
        and exists (select 1 from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number)
      order by r.location_id, r.ro_number limit 1`;
    expect(row).toBeDefined();
    return { roNumber: row!.ro_number, locationId: row!.location_id };
  }

  it('should ask about every op code of a customer who verifies all redemptions, accept on their behalf, record who and why, and notify them', async () => {
    const ro = await patRepairOrder();
    const started = await inject({ method: 'POST', url: '/api/redemption-verifications', payload: { type: 'text', ...ro, customerId: patId } });
    expect(started.statusCode).toBe(201);
    const v = started.json().dataSet as RedemptionVerification;
    const [jobs] = await server.product.sql<{ n: number }[]>`select count(distinct op_code)::int as n from ref.ro_jobs where location_id = ${ro.locationId} and ro_number = ${ro.roNumber}`;
    expect(v.pendingOpCodes).toHaveLength(jobs!.n);
    expect(v).toMatchObject({ type: 'text', isText: true, phoneMobile: '3035551000', customerFirstName: 'Pat' });
    const [text] = await outbox('3035551000', 1);
    expect(text!.body).toMatch(/\/verify\/redemption\/[\w-]+/);

    // Pat sees it among the open ones; customer B sees nothing of Pat's.
    const open = await read(`/api/redemption-verifications?customerId=${patId}&getStatuses=0`, pat, started.json().metaData.position);
    expect(open.statusCode).toBe(200);
    expect(open.json().dataSet.map((x: RedemptionVerification) => x.id)).toContain(v.id);
    expect((await read(`/api/redemption-verifications/${v.id}`, pat)).statusCode).toBe(200);
    expect((await read(`/api/redemption-verifications/${v.id}`, customerB)).statusCode).toBe(404);
    expect((await read(`/api/redemption-verifications?customerId=${patId}`, customerB)).statusCode).toBe(403);
    expect((await read(`/api/redemption-verifications?customerId=${customerBId}`, customerB)).json().dataSet).toEqual([]);

    const overridden = await inject({ method: 'POST', url: '/api/redemption-verification-overrides', payload: { redemptionVerificationId: v.id, reason: 'Customer approved at the counter' } });
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json().dataSet).toMatchObject({
      message: `Redemption verification for RO# ${ro.roNumber} successfully accepted.`,
      status: 'overridden',
      isAccepted: true,
      isComplete: true,
      approvedOpCodes: v.pendingOpCodes,
      overriddenBy: employeeActor,
      overrideReason: 'Customer approved at the counter',
    });
    const [event] = await server.product.sql<{ data: { by: string; reason: string; at: string }; metadata: { actor: string } }[]>`
      select data, metadata from es_events where stream_id = ${`redemption-verification-${v.id}`} and event_type = 'RedemptionVerificationOverridden'`;
    expect(event!.metadata.actor).toBe(employeeActor);
    expect(event!.data).toMatchObject({ by: employeeActor, reason: 'Customer approved at the counter', at: expect.any(String) });

    // The customer is told, on the channel of the verification.
    const [, notice] = await outbox('3035551000', 2);
    expect(notice!.body).toContain(ro.roNumber);
    expect(notice!.body).toMatch(/on your behalf/);

    // Final now: no second override, no longer among the open ones, still listed with statuses.
    const again = await inject({ method: 'POST', url: '/api/redemption-verification-overrides', payload: { redemptionVerificationId: v.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual(['This verification is final and cannot be approved.', REDEMPTION_FINAL_REASONS.overridden]);
    const position = overridden.json().metaData.position;
    expect((await read(`/api/redemption-verifications?customerId=${patId}&getStatuses=0`, pat, position)).json().dataSet.map((x: RedemptionVerification) => x.id)).not.toContain(v.id);
    const all = (await read(`/api/redemption-verifications?customerId=${patId}&getStatuses=1`, pat, position)).json().dataSet as RedemptionVerification[];
    expect(all.find((x) => x.id === v.id)).toMatchObject({ status: 'overridden', isFinal: true, errorMessage: REDEMPTION_FINAL_REASONS.overridden });

    // The auditor's history of the customer includes the verification.
    const deadline = Date.now() + 10_000;
    let summaries: string[] = [];
    while (Date.now() < deadline && !summaries.some((s) => s.startsWith('Customer notified'))) {
      const history = await read(`/api/customers/${patId}/history`, manager);
      summaries = (history.json().dataSet.entries as { summary: string }[]).map((e) => e.summary);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(summaries).toEqual(expect.arrayContaining([
      expect.stringMatching(new RegExp(`^Redemption verification for RO# ${ro.roNumber} started by text`)),
      'Redemption verification sent by text',
      `Redemption verification accepted on the customer's behalf by ${employeeActor} (reason: Customer approved at the counter)`,
      'Customer notified of the accepted verification by text',
    ]));
  });

  it('should refuse an unknown RO and a start without an RO number', async () => {
    const ro = await patRepairOrder();
    const unknown = await inject({ method: 'POST', url: '/api/redemption-verifications', payload: { type: 'email', roNumber: 'NO-SUCH-RO', locationId: 1, customerId: patId } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual(['Repair order not found.']);
    const missing = await inject({ method: 'POST', url: '/api/redemption-verifications', payload: { type: 'email', locationId: ro.locationId, customerId: patId } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['RO Number is required']);
    const empty = await inject({ method: 'POST', url: '/api/redemption-verifications', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(['Type must be email or text.', 'RO Number is required', 'Location is required', 'Customer is required.']);
    // No body at all: refused by the schema, never a server error.
    for (const [method, url] of [['POST', '/api/redemption-verifications'], ['POST', '/api/redemption-verification-overrides'], ['PUT', '/api/redemption-verifications']] as const) {
      expect((await server.product.app.inject({ method, url, headers: employee })).statusCode, `${method} ${url}`).toBe(400);
    }
  });
});

describe('a redemption verification answered by the signed-in customer on /verify (decision 0075)', () => {
  it('should take the answer of the customer it belongs to without the link, and refuse it from anyone else', async () => {
    // Another of Pat's repair orders than the one the staff test accepts.
    const [row] = await server.product.sql<{ ro_number: string; location_id: number }[]>`
      select r.ro_number, r.location_id from ref.repair_orders r
      where r.customer_email = 'pat.customer@example.com'
        and exists (select 1 from ref.ro_jobs j where j.location_id = r.location_id and j.ro_number = r.ro_number)
      order by r.location_id desc, r.ro_number desc limit 1`;
    expect(row).toBeDefined();
    const started = await inject({ method: 'POST', url: '/api/redemption-verifications', payload: { type: 'email', roNumber: row!.ro_number, locationId: row!.location_id, customerId: patId } }, admin);
    expect(started.statusCode).toBe(201);
    const v = started.json().dataSet as RedemptionVerification;
    // The link goes out before Pat answers (a verification answered before its message was sent sends none).
    const [mail] = await outbox('pat.customer@example.com', 1, row!.ro_number);
    const [first, ...rest] = v.pendingOpCodes as [string, ...string[]];
    const answer = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
      inject({ method: 'PUT', url: '/api/redemption-verifications', payload: { codeId: v.id, reply: { approvedOpCodes: [first], declinedOpCodes: rest }, ...body } }, headers);

    // Nobody signed in and no link: the link is what is missing.
    const anonymousAnswer = await answer(anonymous);
    expect(anonymousAnswer.statusCode).toBe(400);
    expect(anonymousAnswer.json().errors).toEqual([REDEMPTION_MESSAGES.linkInvalid]);
    // Another customer learns nothing; staff answer only by override.
    expect((await answer(customerB)).statusCode).toBe(404);
    expect((await answer(employee)).statusCode).toBe(400);
    // A malformed id is named.
    const malformed = await answer(pat, { codeId: 'not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('codeId');

    const answered = await answer(pat);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().dataSet).toMatchObject({ redemptionVerificationId: v.id, isFinal: true, opCodes: expect.any(Array) });
    const [event] = await server.product.sql<{ data: { approvedOpCodes: string[] }; metadata: { actor: string } }[]>`
      select data, metadata from es_events where stream_id = ${`redemption-verification-${v.id}`} and event_type = 'RedemptionVerificationAnswered'`;
    expect(event!.data.approvedOpCodes).toEqual([first]);
    // Pat answered as Pat (signed in), not through a link.
    expect(event!.metadata.actor).toBe(`customer:${patId}`);
    // Its link no longer works.
    const links = /\/verify\/redemption\/([\w-]+)/.exec(mail!.body);
    expect(links).not.toBeNull();
    if (links) expect((await inject({ method: 'GET', url: `/auth-api/redemption-verifications/by-token?token=${links[1]}` }, anonymous)).statusCode).toBe(404);
  });
});
