// The redemption answer page's deadline row: its label, or none.
import type { PublicRedemptionVerification } from '@dealer/contracts';

/** "Answer by" while the verification is open, "Expired" once it expired; none once answered or overridden. */
export function deadlineLabel(verification: Pick<PublicRedemptionVerification, 'isFinal' | 'status'>): 'Answer by' | 'Expired' | null {
  if (!verification.isFinal) return 'Answer by';
  return verification.status === 'expired' ? 'Expired' : null;
}
