// Read-your-writes: remembers the highest event-store position any command answered with.
let highest: bigint | null = null;

/** Records `metaData.position` (a decimal string) from a response body, keeping the highest. */
export function rememberPosition(body: unknown): void {
  const position = (body as { metaData?: { position?: unknown } } | null)?.metaData?.position;
  if (typeof position !== 'string' || !/^\d+$/.test(position)) return;
  const value = BigInt(position);
  if (highest === null || value > highest) highest = value;
}

/** The position the read side must have reached before answering, or null before any write. */
export function minPosition(): string | null {
  return highest === null ? null : highest.toString();
}
