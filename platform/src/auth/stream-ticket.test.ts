import { describe, expect, it } from 'vitest';
import { STREAM_TICKET_TTL_SECONDS, issueStreamTicket, verifyStreamTicket } from './stream-ticket';

const secret = 'a-test-secret-of-at-least-32-characters!';
const who = { sessionId: '6f1d3a1e-8e7a-4a53-9a49-3b0c8d9b2f10', userId: 'u-1', kind: 'employee' as const };

describe('stream tickets', () => {
  it('should verify a fresh ticket and give back its session and user', () => {
    const { ticket, claims } = issueStreamTicket(secret, who, 1_000_000);
    expect(verifyStreamTicket(ticket, secret, 1_000_000)).toEqual(claims);
    expect(claims).toMatchObject({ sid: who.sessionId, sub: 'u-1', kind: 'employee', exp: 1000 + STREAM_TICKET_TTL_SECONDS });
  });

  it('should refuse an expired ticket, another secret, a changed payload or a malformed one', () => {
    const { ticket } = issueStreamTicket(secret, who, 1_000_000);
    expect(verifyStreamTicket(ticket, secret, 1_000_000 + STREAM_TICKET_TTL_SECONDS * 1000)).toBeNull();
    expect(verifyStreamTicket(ticket, `${secret}x`, 1_000_000)).toBeNull();
    const [payload, mac] = ticket.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'u-2' })).toString('base64url');
    expect(verifyStreamTicket(`${forged}.${mac}`, secret, 1_000_000)).toBeNull();
    for (const bad of ['', '.', 'a.b.c', `${payload}.`, `${payload}.${mac}.x`, `${payload}!.${mac}`, 'x'.repeat(401)]) expect(verifyStreamTicket(bad, secret, 1_000_000)).toBeNull();
  });

  it('should give every ticket its own id', () => {
    expect(issueStreamTicket(secret, who).claims.jti).not.toBe(issueStreamTicket(secret, who).claims.jti);
  });
});
