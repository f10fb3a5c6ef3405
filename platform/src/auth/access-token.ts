/**
 * Short-lived signed access tokens (HS256, algorithm fixed on verification; audience,
 * issuer, expiry and token type checked). Claims carry who the user is, their roles and their
 * session (`sid`); the access list is derived from the roles on each request, never trusted
 * from the client, and the session is checked on each request (sessions.ts).
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@dealer/contracts';

const ISSUER = 'dealer-auth';
const AUDIENCE = 'dealer-api';

/** The HMAC key object per secret, built once (importing it on every request costs ~150 µs). */
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

export interface AccessClaims {
  /** Employee user id, or the customer id for a customer. */
  sub: string;
  kind: 'employee' | 'customer';
  roles: Role[];
  locationIds: number[];
  /** The session the token was issued in: sign-out, refresh-token reuse or its end revoke it. */
  sid: string;
}

export async function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ kind: claims.kind, roles: claims.roles, loc: claims.locationIds, sid: claims.sid, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyFor(secret));
}

/**
 * Tokens already verified, per secret, until they expire. A client sends the same token on every
 * request for its whole life (15 minutes), and verifying it costs far more than the request
 * itself (jose imports the key and runs an async WebCrypto HMAC each time: about a fifth of the
 * CPU of a customer search). A token is immutable, so one successful verification of its
 * signature stands until `exp`; the expiry is checked again on every hit. This cache says only
 * that the token is genuine: whether its session still stands is asked separately on every
 * request (sessions.ts, at most SESSION_CACHE_MS old), so a revocation is never outlived by
 * this cache. Two generations bound the memory.
 */
class VerifiedTokens {
  private young = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  private old = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  constructor(private readonly generationSize: number) {}

  get(token: string, nowMs: number): AccessClaims | undefined {
    const entry = this.young.get(token) ?? this.old.get(token);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.young.delete(token);
      this.old.delete(token);
      return undefined;
    }
    return entry.claims;
  }

  set(token: string, claims: AccessClaims, expiresAtMs: number): void {
    if (this.young.size >= this.generationSize) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(token, { claims, expiresAtMs });
  }
}

const verifiedBySecret = new Map<string, VerifiedTokens>();
const VERIFIED_TOKENS_PER_GENERATION = 5_000;

export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new VerifiedTokens(VERIFIED_TOKENS_PER_GENERATION)));
  const known = verified.get(token, Date.now());
  if (known) return known;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    if (payload.kind !== 'employee' && payload.kind !== 'customer') return null;
    // A token from before sessions existed names none: it is refused, and the client refreshes.
    if (typeof payload.sid !== 'string') return null;
    const claims: AccessClaims = {
      sub: payload.sub,
      kind: payload.kind,
      roles: Array.isArray(payload.roles) ? (payload.roles as Role[]) : [],
      locationIds: Array.isArray(payload.loc) ? (payload.loc as number[]) : [],
      sid: payload.sid,
    };
    verified.set(token, claims, payload.exp * 1000);
    return claims;
  } catch {
    return null;
  }
}
