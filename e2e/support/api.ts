// Test data through the product's own HTTP API, so browser tests do not depend on one another.
export interface SeedProfile {
  firstName: string;
  lastName: string;
  emailAddress?: string;
  phoneMobile: string;
  city?: string;
}

export async function createCustomer(baseUrl: string, profile: SeedProfile): Promise<string> {
  const response = await fetch(`${baseUrl}/api/customers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(profile),
  });
  if (response.status !== 201) throw new Error(`Seeding a customer failed with ${response.status}: ${await response.text()}`);
  const { dataSet } = (await response.json()) as { dataSet: { customerId: string } };
  return dataSet.customerId;
}

export async function sendRegistrationEmail(baseUrl: string, customerId: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/customer-resend-registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customerId, isEmail: true }),
  });
  if (response.status !== 200) throw new Error(`Sending a registration e-mail failed with ${response.status}`);
}
