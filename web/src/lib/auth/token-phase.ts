// Where a token is in its life (SPEC 4): fresh, inside the renew period, or expired.
import type { Session } from './session-store';

export type TokenPhase = 'fresh' | 'renew' | 'expired';

/** The renew period starts renewPeriodSeconds into the token's life; it ends at expiresSeconds. */
export function tokenPhase(session: Pick<Session, 'payload' | 'receivedAt'>, now: number): TokenPhase {
  const elapsedMs = now - session.receivedAt;
  if (elapsedMs >= session.payload.expiresSeconds * 1000) return 'expired';
  if (elapsedMs >= session.payload.renewPeriodSeconds * 1000) return 'renew';
  return 'fresh';
}
