/**
 * Erasure of a customer's personal data (issue 5; admins): the request's rule and the texts
 * the web dialog and the server share. SPEC does not show erasure; the wording is ours.
 */
import * as v from 'valibot';

export const ERASURE_LIMITS = { reasonMax: 500 } as const;

export const ERASURE_MESSAGES = {
  reasonRequired: 'Reason is required.',
  reasonMax: `Only ${ERASURE_LIMITS.reasonMax} characters are allowed.`,
  erased: 'Personal data erased.',
} as const;

/** The reason an admin gives (kept in clear with the erasure event: no personal data in it). */
export const erasureReasonSchema = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.nonEmpty(ERASURE_MESSAGES.reasonRequired),
  v.maxLength(ERASURE_LIMITS.reasonMax, ERASURE_MESSAGES.reasonMax),
);

export const erasureRequestSchema = v.object({ reason: erasureReasonSchema });

/** The first rule the reason breaks, or null when it is fine (the server's check). */
export function erasureReasonError(reason: unknown): string | null {
  const result = v.safeParse(erasureReasonSchema, reason);
  return result.success ? null : (result.issues[0]?.message ?? ERASURE_MESSAGES.reasonRequired);
}
