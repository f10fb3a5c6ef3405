/**
 * GET /api/opcodes (help page "Opcode List") through HTTP against real PostgreSQL and the demo
 * DMS data: distinct op codes with counts, search, the location filter, the verification mark
 * from the op-code rules, paging, and refused input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './testing/test-server';
import { loginAs } from './testing/auth';

let server: TestServer;
let employee: Record<string, string>;
let manager: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ webDist: null });
  employee = (await loginAs(server, 'employee')).headers;
  manager = (await loginAs(server, 'manager')).headers;
});
afterAll(async () => {
  await server?.stop();
});

const inject = (options: InjectOptions, headers: Record<string, string>) => server.product.app.inject({ ...options, headers: { ...headers, ...(options.headers ?? {}) } });
const read = (url: string, position = '0') => inject({ method: 'GET', url, headers: { 'x-min-position': position } }, employee);

interface OpCodeListed {
  opCode: string;
  description: string | null;
  jobCount: number;
  needsVerification: boolean;
}

describe('GET /api/opcodes', () => {
  it('should list every distinct op code of the DMS jobs once, by op code, with its job count', async () => {
    const expected = await server.product.sql<{ op_code: string; n: number }[]>`
      select upper(trim(op_code)) as op_code, count(*)::int as n from ref.ro_jobs group by 1 order by 1`;
    expect(expected.length).toBeGreaterThan(1);
    const res = await read('/api/opcodes?$limit=200');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { dataSet: OpCodeListed[]; metaData: { total: number; limit: number; offset: number } };
    expect(body.metaData).toEqual({ total: expected.length, limit: 200, offset: 0 });
    expect(body.dataSet.map((c) => [c.opCode, c.jobCount])).toEqual(expected.slice(0, 200).map((e) => [e.op_code, e.n]));
  });

  it('should search op codes and descriptions, case-insensitive', async () => {
    const [some] = await server.product.sql<{ op_code: string; op_code_desc: string }[]>`
      select op_code, op_code_desc from ref.ro_jobs where op_code_desc is not null order by op_code limit 1`;
    const byCode = (await read(`/api/opcodes?search=${encodeURIComponent(some!.op_code.toLowerCase())}`)).json().dataSet as OpCodeListed[];
    expect(byCode.map((c) => c.opCode)).toContain(some!.op_code.trim().toUpperCase());
    const word = some!.op_code_desc.split(/\s+/)[0]!.toLowerCase();
    const byDescription = (await read(`/api/opcodes?search=${encodeURIComponent(word)}`)).json().dataSet as OpCodeListed[];
    expect(byDescription.map((c) => c.opCode)).toContain(some!.op_code.trim().toUpperCase());
    expect(((await read('/api/opcodes?search=%25%25no-such-op-code')).json().dataSet as OpCodeListed[])).toEqual([]);
  });

  it('should count only the chosen location\'s jobs', async () => {
    const expected = await server.product.sql<{ op_code: string; n: number }[]>`
      select upper(trim(op_code)) as op_code, count(*)::int as n from ref.ro_jobs where location_id = 1 group by 1 order by 1`;
    const listed = (await read('/api/opcodes?locationId=1&$limit=200')).json().dataSet as OpCodeListed[];
    expect(listed.map((c) => [c.opCode, c.jobCount])).toEqual(expected.slice(0, 200).map((e) => [e.op_code, e.n]));
  });

  it('should mark the op codes a manager marked as needing verification at that location only', async () => {
    const [code] = await server.product.sql<{ op_code: string }[]>`select upper(trim(op_code)) as op_code from ref.ro_jobs where location_id = 1 order by 1 limit 1`;
    const added = await inject({ method: 'POST', url: '/api/opcode-verification-rules', payload: { locationId: 1, opCode: code!.op_code, description: 'Help page test' } }, manager);
    expect(added.statusCode).toBeLessThan(300);
    const position = added.json().metaData.position as string;
    const find = async (url: string) => ((await read(url, position)).json().dataSet as OpCodeListed[]).find((c) => c.opCode === code!.op_code);
    expect((await find(`/api/opcodes?locationId=1&search=${encodeURIComponent(code!.op_code)}`))?.needsVerification).toBe(true);
    expect((await find(`/api/opcodes?search=${encodeURIComponent(code!.op_code)}`))?.needsVerification).toBe(true);
    const elsewhere = await find(`/api/opcodes?locationId=2&search=${encodeURIComponent(code!.op_code)}`);
    if (elsewhere) expect(elsewhere.needsVerification).toBe(false);
  });

  it('should page and still answer the total past the end', async () => {
    const all = (await read('/api/opcodes?$limit=200')).json() as { dataSet: OpCodeListed[]; metaData: { total: number } };
    const second = (await read('/api/opcodes?$limit=1&$offset=1')).json() as { dataSet: OpCodeListed[] };
    expect(second.dataSet).toEqual([all.dataSet[1]]);
    const past = (await read('/api/opcodes?$offset=100000')).json() as { dataSet: OpCodeListed[]; metaData: { total: number } };
    expect(past.dataSet).toEqual([]);
    expect(past.metaData.total).toBe(all.metaData.total);
  });

  it('should refuse unbounded or malformed input with 400', async () => {
    for (const url of ['/api/opcodes?search=' + 'x'.repeat(101), '/api/opcodes?$limit=201', '/api/opcodes?$offset=100001', '/api/opcodes?locationId=0', '/api/opcodes?locationId=abc', '/api/opcodes?search=a%00b']) {
      expect((await read(url)).statusCode, url).toBe(400);
    }
  });
});
