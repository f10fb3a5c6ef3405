// Pending Approvals (SPEC 2.5): the customer's open redemption verifications with RO#, Opcodes, Expirations and
// Actions (a table on desktop, cards on mobile). Approve asks SPEC's confirmation with a required reason, then
// accepts the verification on the customer's behalf (SPEC 8 success toast; errors joined with blank lines in an
// error dialog). Approve is disabled while a request runs or when the verification is final, with the reason as a
// hover hint.
import { useState } from 'react';
import { REDEMPTION_FINAL_REASONS, REDEMPTION_TEXTS, fullName, locationLabel, type RedemptionVerification } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Modal } from '../../../components/ui/modal/modal';
import { notify } from '../../../components/ui/modal/notification-store';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { toast } from '../../../components/ui/toaster/toast-store';
import { TimeAgo } from '../../../components/ui/time-ago/time-ago';
import { Tooltip } from '../../../components/ui/tooltip/tooltip';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useNow } from '../../../hooks/use-now';
import { messagesOf } from '../../../lib/api-error';
import { usePendingApprovals } from '../api/list-redemption-verifications';
import { useOverrideRedemptionVerification } from '../api/override-redemption-verification';
import { OverrideConfirmDialog } from './override-confirm-dialog';
import { OpCodeList } from './verification-parts';
import { RV_TEXTS, formatDateTime } from './redemption-verification-texts';

export interface PendingApprovalsDialogProps {
  open: boolean;
  customerId: string;
  /** The selected customer's name, for the confirmation when a row has none. */
  customerName: string;
  onClose: () => void;
  onOverridden: (verification: RedemptionVerification) => void;
}

/** Why Approve is off for this row, or null when it may be approved. A row can expire while the dialog is open. */
function finalReason(v: RedemptionVerification, now: number): string | null {
  if (v.isFinal) return v.errorMessage ?? REDEMPTION_FINAL_REASONS.expired;
  if (Date.parse(v.expires) <= now) return REDEMPTION_FINAL_REASONS.expired;
  return null;
}

interface RowProps {
  verification: RedemptionVerification;
  now: number;
  busyId: string | null;
  onApprove: (v: RedemptionVerification) => void;
}

function ApproveButton({ verification, now, busyId, onApprove }: RowProps) {
  const reason = finalReason(verification, now);
  const running = busyId === verification.redemptionVerificationId;
  return (
    <Tooltip content={reason ?? ''} enabled={reason !== null}>
      {(tooltipId) => (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busyId !== null || reason !== null}
          aria-describedby={tooltipId}
          aria-label={`${RV_TEXTS.approve} RO# ${verification.roNumber}`}
          onClick={() => onApprove(verification)}
        >
          {running && <Spinner size="sm" label="Approving..." />}
          {RV_TEXTS.approve}
        </button>
      )}
    </Tooltip>
  );
}

function RoCell({ verification }: { verification: RedemptionVerification }) {
  return (
    <>
      <strong>{verification.roNumber}</strong>
      <span className="detail-note">{locationLabel(verification)}</span>
      <TimeAgo value={verification.sentDate ?? verification.startedDate} prefix="Sent" className="detail-note" />
    </>
  );
}

function ApprovalsTable({ rows, ...rest }: { rows: RedemptionVerification[] } & Omit<RowProps, 'verification'>) {
  return (
    <div className="table-wrap rv-approvals-table-wrap">
      <table className="table">
        <caption className="visually-hidden">{RV_TEXTS.pendingApprovals}</caption>
        <thead>
          <tr>
            <th scope="col">RO#</th>
            <th scope="col">Opcodes</th>
            <th scope="col">Expirations</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((v) => (
            <tr key={v.redemptionVerificationId}>
              <td className="rv-ro-cell">
                <RoCell verification={v} />
              </td>
              <td>
                <OpCodeList verification={v} which="all" />
              </td>
              <td className="nowrap">{formatDateTime(v.expires)}</td>
              <td>
                <ApproveButton verification={v} {...rest} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ApprovalCards({ rows, ...rest }: { rows: RedemptionVerification[] } & Omit<RowProps, 'verification'>) {
  return (
    <ul className="card-list" aria-label={RV_TEXTS.pendingApprovals}>
      {rows.map((v) => (
        <li key={v.redemptionVerificationId} className="card rv-approval-card">
          <div className="rv-ro-cell">
            <span className="rv-card-label">RO#</span>
            <RoCell verification={v} />
          </div>
          <dl className="card-fields">
            <dt>Opcodes</dt>
            <dd>
              <OpCodeList verification={v} which="all" />
            </dd>
            <dt>Expirations</dt>
            <dd>{formatDateTime(v.expires)}</dd>
          </dl>
          <div className="rv-card-actions">
            <ApproveButton verification={v} {...rest} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function PendingApprovalsBody({ customerId, customerName, onClose, onOverridden }: Omit<PendingApprovalsDialogProps, 'open'>) {
  const list = usePendingApprovals(customerId);
  const isMobile = useIsMobile();
  // The clock, re-read every few seconds, so rows that pass their expiry turn final.
  const now = useNow(5000);
  const override = useOverrideRedemptionVerification({
    onSuccess: (verification) => {
      onOverridden(verification);
      toast.success(REDEMPTION_TEXTS.overrideSuccess(verification.roNumber));
    },
    // SPEC 8: override errors joined with blank lines (one paragraph each) in an error dialog.
    onError: (error) => void notify({ message: messagesOf(error), variant: 'danger' }),
  });
  const busyId = override.isPending ? (override.variables?.redemptionVerificationId ?? null) : null;

  // Approve asks SPEC 8's question with the reason for accepting on the customer's behalf.
  const [confirming, setConfirming] = useState<RedemptionVerification | null>(null);
  const approve = (v: RedemptionVerification) => setConfirming(v);
  const confirmed = (reason: string | null) => {
    const v = confirming;
    setConfirming(null);
    if (v && reason) override.mutate({ redemptionVerificationId: v.redemptionVerificationId, reason });
  };

  let content;
  // An empty list being refetched (after a start, a write elsewhere) is not yet an answer: no 'No Pending Verifications' until it is.
  if (list.isPending || (list.isFetching && list.data?.length === 0))
    content = (
      <div className="empty-state">
        <Spinner label="Loading pending verifications..." />
      </div>
    );
  else if (list.isError)
    content = (
      <ErrorMessages error={list.error} className="alert alert-danger" />
    );
  else if (list.data.length === 0) content = <p className="empty-state">{REDEMPTION_TEXTS.pendingApprovalsEmpty}</p>;
  else {
    const List = isMobile ? ApprovalCards : ApprovalsTable;
    content = <List rows={list.data} now={now} busyId={busyId} onApprove={approve} />;
  }

  return (
    <>
      <div className="modal-body rv-approvals" aria-busy={list.isFetching}>
        {content}
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={onClose}>
          {RV_TEXTS.close}
        </button>
      </div>
      <OverrideConfirmDialog
        customerName={confirming ? fullName({ firstName: confirming.customerFirstName, lastName: confirming.customerLastName }) || customerName : null}
        roNumber={confirming?.roNumber ?? null}
        onClose={confirmed}
      />
    </>
  );
}

export function PendingApprovalsDialog({ open, ...body }: PendingApprovalsDialogProps) {
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : body.onClose())} title={RV_TEXTS.pendingApprovals} size="lg" minimizable={false}>
      {open && <PendingApprovalsBody {...body} />}
    </Modal>
  );
}
