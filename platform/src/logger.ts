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

export function createLogger(level: string = 'info', name = 'dealer'): Logger {
  return pino({
    name,
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    // Query strings can carry a searched e-mail or phone: request logs keep the path only.
    serializers: {
      req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, path: req.url?.split('?')[0] }),
    },
  });
}
