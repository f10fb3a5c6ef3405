// Small shared pieces of the verification views: the status badge and the op-code list with descriptions.
import type { RedemptionVerification } from '@dealer/contracts';
import { STATUS_LABELS } from './redemption-verification-texts';

const TONES: Record<RedemptionVerification['status'], string> = {
  pending: 'info',
  sent: 'info',
  accepted: 'success',
  overridden: 'success',
  declined: 'danger',
  expired: 'muted',
};

export function StatusBadge({ verification }: { verification: Pick<RedemptionVerification, 'status'> }) {
  return <span className={`tone-badge tone-${TONES[verification.status]}`}>{STATUS_LABELS[verification.status]}</span>;
}

/** The op codes with their descriptions: those still pending, approved, declined, or all with their answers. */
export function OpCodeList({ verification, which }: { verification: RedemptionVerification; which: 'pending' | 'approved' | 'declined' | 'all' }) {
  const codes = verification.opCodes.filter((c) =>
    which === 'all' ? true : which === 'pending' ? verification.pendingOpCodes.includes(c.opCode) : c.answer === which,
  );
  if (codes.length === 0) return <span>-</span>;
  return (
    <ul className="rv-opcodes">
      {codes.map((c) => (
        <li key={c.opCode}>
          <strong>{c.opCode}</strong>
          {c.description && <span className="muted"> {c.description}</span>}
          {which === 'all' && c.answer !== 'pending' && <span className="muted"> ({c.answer})</span>}
        </li>
      ))}
    </ul>
  );
}
