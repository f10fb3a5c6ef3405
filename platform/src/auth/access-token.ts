/**
 * Short-lived signed access tokens (HS256, algorithm fixed on verification; audience,
 * issuer, expiry and token type checked). Claims carry who the user is and their roles;
 * the access list is derived from the roles on each request, never trusted from the client.
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
}

export async function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ kind: claims.kind, roles: claims.roles, loc: claims.locationIds, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyFor(secret));
}

export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
    if (payload.kind !== 'employee' && payload.kind !== 'customer') return null;
    return {
      sub: payload.sub,
      kind: payload.kind,
      roles: Array.isArray(payload.roles) ? (payload.roles as Role[]) : [],
      locationIds: Array.isArray(payload.loc) ? (payload.loc as number[]) : [],
    };
  } catch {
    return null;
  }
}
