// Test data through the product's own HTTP API (signed in as the demo admin), so browser tests do not depend on one another.
import { apiHeaders } from './auth';

export interface SeedProfile {
  firstName: string;
  lastName: string;
  emailAddress?: string;
  phoneMobile: string;
  city?: string;
}

const sessions = new Map<string, Promise<Record<string, string>>>();

/** One admin sign-in per server, reused by every seeding call. */
function adminHeaders(baseUrl: string): Promise<Record<string, string>> {
  let headers = sessions.get(baseUrl);
  if (!headers) {
    headers = apiHeaders(baseUrl, 'admin');
    sessions.set(baseUrl, headers);
  }
  return headers;
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await adminHeaders(baseUrl)) },
    body: JSON.stringify(body),
  });
}

export async function createCustomer(baseUrl: string, profile: SeedProfile): Promise<string> {
  const response = await post(baseUrl, '/api/customers', profile);
  if (response.status !== 201) throw new Error(`Seeding a customer failed with ${response.status}: ${await response.text()}`);
  const { dataSet } = (await response.json()) as { dataSet: { customerId: string } };
  return dataSet.customerId;
}

export async function sendRegistrationEmail(baseUrl: string, customerId: string): Promise<void> {
  const response = await post(baseUrl, '/api/customer-resend-registration', { customerId, isEmail: true });
  if (response.status !== 200) throw new Error(`Sending a registration e-mail failed with ${response.status}`);
}

export async function sendRegistrationText(baseUrl: string, customerId: string): Promise<void> {
  const response = await post(baseUrl, '/api/customer-resend-registration', { customerId, isText: true });
  if (response.status !== 200) throw new Error(`Sending a registration text failed with ${response.status}: ${await response.text()}`);
}

interface OutboxMessage {
  to: string;
  body: string;
}

/** Waits for the registration e-mail to `email` (sent by a background worker) and returns its token. */
export async function registrationToken(baseUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev-outbox?to=${encodeURIComponent(email)}`, { headers: await adminHeaders(baseUrl) });
    if (response.ok) {
      const { dataSet } = (await response.json()) as { dataSet: OutboxMessage[] | null };
      for (const message of dataSet ?? []) {
        const token = /\/registration\/([^\s/?#]+)/.exec(message.body)?.[1];
        if (token) return token;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No registration e-mail reached ${email}`);
}

/**
 * Waits for a message to `to` (e-mail address or 10-digit phone) in the development outbox whose body matches
 * `pattern`, and returns the pattern's first group (a link token or a code). Messages sent before `after`
 * are ignored, so an earlier code to the same address cannot be taken for the new one.
 */
export async function outboxSecret(baseUrl: string, to: string, pattern: RegExp, after = new Date(0)): Promise<string> {
  for (let attempt = 0; attempt < 80; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev-outbox?to=${encodeURIComponent(to)}`, { headers: await adminHeaders(baseUrl) });
    if (response.ok) {
      const { dataSet } = (await response.json()) as { dataSet: (OutboxMessage & { time: string })[] | null };
      for (const message of dataSet ?? []) {
        const secret = new Date(message.time) >= after ? pattern.exec(message.body)?.[1] : undefined;
        if (secret) return secret;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No message matching ${pattern} reached ${to}`);
}
