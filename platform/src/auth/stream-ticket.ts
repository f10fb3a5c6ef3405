/**
 * Stream tickets (issue 24 part 3, ADR 0087): the browser's EventSource cannot send the
 * Authorization header, so the client first asks `POST /api/event-stream-tickets` (Bearer token
 * and anti-forgery pair, like every command) for a ticket and opens the stream with it in the
 * query string. A ticket is `payload.mac` in base64url: the session id, the user, a random id
 * and an expiry 60 s ahead, MACed with a key derived from AUTH_SECRET (so any API process can
 * check it, nothing is stored to issue one). It is good once: the process that accepts it
 * records its id in `stream_tickets_used` (shared by every replica) and refuses it again, so a
 * ticket copied from a log or a proxy's URL record opens nothing. The stream is then as good as
 * the session behind it: it ends when the session is revoked (sign-out) or expires.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/postgres';
import type { Migration } from '../db/migrate';

/** How long a ticket may wait before it opens a stream. */
export const STREAM_TICKET_TTL_SECONDS = 60;
/** Longest ticket the stream route's schema accepts (a real one is about 200 characters). */
export const STREAM_TICKET_MAX_LENGTH = 400;

export interface StreamTicketClaims {
  /** The session the ticket was asked under. */
  sid: string;
  /** The user (the session's). */
  sub: string;
  kind: 'employee' | 'customer';
  /** One ticket, one stream. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('dealer-coupons/stream-ticket/v1').digest();
const macOf = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function issueStreamTicket(secret: string, who: { sessionId: string; userId: string; kind: 'employee' | 'customer' }, nowMs = Date.now()): { ticket: string; claims: StreamTicketClaims } {
  const claims: StreamTicketClaims = { sid: who.sessionId, sub: who.userId, kind: who.kind, jti: randomUUID(), exp: Math.floor(nowMs / 1000) + STREAM_TICKET_TTL_SECONDS };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { ticket: `${payload}.${macOf(secret, payload)}`, claims };
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The ticket's claims when its MAC holds and it has not expired; null otherwise (nothing about single use). */
export function verifyStreamTicket(ticket: string, secret: string, nowMs = Date.now()): StreamTicketClaims | null {
  if (ticket.length > STREAM_TICKET_MAX_LENGTH) return null;
  const [payload, mac, ...rest] = ticket.split('.');
  if (!payload || !mac || rest.length > 0 || !B64URL.test(payload) || !B64URL.test(mac)) return null;
  const expected = Buffer.from(macOf(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isClaims(claims) || claims.exp * 1000 <= nowMs) return null;
  return claims;
}

function isClaims(value: unknown): value is StreamTicketClaims {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c.sid === 'string' && typeof c.sub === 'string' && (c.kind === 'employee' || c.kind === 'customer') && typeof c.jti === 'string' && UUID.test(c.jti) && typeof c.exp === 'number';
}

export const STREAM_TICKET_MIGRATIONS: readonly Migration[] = [
  {
    id: '0510_stream_tickets_used',
    sql: `
      create table if not exists stream_tickets_used (
        jti uuid primary key,
        expires_at timestamptz not null
      );
      create index if not exists stream_tickets_used_expires on stream_tickets_used (expires_at);
    `,
  },
];

/** Records a ticket as used; false when it already was (shared by every API process). */
export type StreamTicketClaim = (claims: StreamTicketClaims) => Promise<boolean>;

export function createStreamTicketClaim(sql: Sql): StreamTicketClaim {
  let uses = 0;
  return async (claims) => {
    // Spent tickets are kept until they would have expired anyway; swept now and then.
    if (++uses % 100 === 0) await sql`delete from stream_tickets_used where expires_at < now()`;
    const rows = await sql`
      insert into stream_tickets_used (jti, expires_at) values (${claims.jti}, to_timestamp(${claims.exp}))
      on conflict (jti) do nothing returning 1`;
    return rows.length > 0;
  };
}
