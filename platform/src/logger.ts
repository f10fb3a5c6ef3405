/** The structured logger. Personal data and codes are never logged: known fields are redacted. */
import pino from 'pino';

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.firstName',
  '*.lastName',
  '*.emailAddress',
  '*.phoneMobile',
  '*.phoneOther',
  '*.address',
  '*.password',
  '*.code',
  '*.to',
  '*.body',
];

export type Logger = pino.Logger;

const SECRET_PATHS = /\/(registration|contact|redemption|register|gift|login)\/[^/?]+/g;

/** The request path without its query, with link tokens replaced. */
export function safePath(url: string | undefined): string | undefined {
  return url?.split('?')[0]!.replace(SECRET_PATHS, '/$1/[token]');
}

export function createLogger(level: string = 'info', name = 'dealer'): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    // Query strings can carry a searched e-mail or phone: request logs keep the path only,
    // and secrets in paths (registration and verification links) are blanked.
    serializers: {
      req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, path: safePath(req.url) }),
    },
  });
}
