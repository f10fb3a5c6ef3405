// The employee's redemption-verification panel for the selected customer (SPEC 1, 4, 8): start a verification for
// an RO by email or text (the Enter Verification RO # dialog gives the RO and location), follow it (polled every
// 3 s), resend after the rate limit, the customer's recent verifications (listener every 10 s, toasts on changes)
// and the Pending Approvals dialog. Staff may pre-approve op codes the customer agreed to in person (Start
// Verification dialog); another panel may ask for a verification of a given RO (a redemption refused with 412) and
// hears when the customer's verifications change (held redemptions settle then).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { REDEMPTION_TEXTS, fullName, locationLabel, type RedemptionVerification, type RedemptionVerificationType } from '@dealer/contracts';
import { lazyDialog } from '../../../components/ui/modal/lazy-dialog';
import { notify } from '../../../components/ui/modal/notification-store';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { TimeAgo } from '../../../components/ui/time-ago/time-ago';
import { toast } from '../../../components/ui/toaster/toast-store';
import { useIsMobile } from '../../../hooks/use-is-mobile';
import { useCustomerVerificationListener, usePendingApprovals } from '../api/list-redemption-verifications';
import { redemptionVerificationKeys } from '../api/redemption-verification-keys';
import { useSendRedemptionVerification } from '../api/send-redemption-verification';
import { useStatusTransitions } from '../hooks/use-status-transitions';
import { ActiveVerification } from './active-verification';
import type { PendingApprovalsDialogProps } from './pending-approvals-dialog';
import type { StartVerificationChoice, StartVerificationDialogProps } from './start-verification-dialog';
import { CHANNEL_LABELS, RV_TEXTS } from './redemption-verification-texts';
import { StatusBadge } from './verification-parts';
import './redemption-verifications.css';

const StartVerificationDialog = lazyDialog<StartVerificationDialogProps>(
  () => import('./start-verification-dialog').then((m) => m.StartVerificationDialog),
  (props) => props.ro !== null,
);
const PendingApprovalsDialog = lazyDialog<PendingApprovalsDialogProps>(() => import('./pending-approvals-dialog').then((m) => m.PendingApprovalsDialog));

/** The customer fields the panel reads. */
export interface VerificationPanelCustomer {
  customerId: string;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string | null;
  phoneMobile: string | null;
}

/** Props of the Enter {type} RO # dialog, which the route supplies (features do not import each other). */
export interface EnterRoRendererProps {
  open: boolean;
  type?: string;
  onClose: (result: { roNumber: string; locationId: number } | null) => void;
}

/** A verification another panel asks for (a new id each time): the Start Verification dialog opens for its RO. */
export interface VerificationRequest {
  id: number;
  roNumber: string;
  locationId: number;
  /** Why it is needed, shown in the dialog. */
  reason?: string;
}

interface RedemptionVerificationPanelProps {
  customer: VerificationPanelCustomer;
  /** Renders the Enter {type} RO # dialog; without it the panel cannot start verifications. */
  renderEnterRo?: (props: EnterRoRendererProps) => ReactNode;
  request?: VerificationRequest | null;
  /** The request's verification once started, or null when staff cancelled it. */
  onRequestDone?: (request: VerificationRequest, started: RedemptionVerification | null) => void;
  /** The customer's verifications changed (a status, a new one): what waits on them may have settled. */
  onVerificationsChanged?: () => void;
}

/** The Start Verification dialog's RO, and the request it answers (none when staff started it here). */
interface Sending {
  ro: { roNumber: string; locationId: number };
  reason?: string;
  request?: VerificationRequest;
}

const RECENT_SHOWN = 10;

function RecentVerifications({ rows, activeId, onShow }: { rows: RedemptionVerification[]; activeId: string | null; onShow: (id: string) => void }) {
  const isMobile = useIsMobile();
  const shown = rows.slice(0, RECENT_SHOWN);
  const button = (v: RedemptionVerification) => (
    <button
      type="button"
      className="btn btn-sm"
      disabled={v.redemptionVerificationId === activeId}
      aria-label={`${RV_TEXTS.show} RO# ${v.roNumber}`}
      onClick={() => onShow(v.redemptionVerificationId)}
    >
      {RV_TEXTS.show}
    </button>
  );
  if (isMobile)
    return (
      <ul className="card-list" aria-label={RV_TEXTS.recentTitle}>
        {shown.map((v) => (
          <li key={v.redemptionVerificationId} className={v.redemptionVerificationId === activeId ? 'card is-selected' : 'card'}>
            <div className="section-head">
              <strong>RO# {v.roNumber}</strong>
              <StatusBadge verification={v} />
            </div>
            <dl className="card-fields">
              <dt>Location</dt>
              <dd>{locationLabel(v)}</dd>
              <dt>Started</dt>
              <dd>
                <TimeAgo value={v.startedDate} />
              </dd>
            </dl>
            <div className="rv-card-actions">{button(v)}</div>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="table-wrap rv-recent-table-wrap">
      <table className="table">
        <caption className="visually-hidden">{RV_TEXTS.recentTitle}</caption>
        <thead>
          <tr>
            <th scope="col">RO#</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((v) => (
            <tr key={v.redemptionVerificationId} className={v.redemptionVerificationId === activeId ? 'is-selected' : undefined}>
              <td>
                <strong>{v.roNumber}</strong>
                <span className="detail-note rv-block">{locationLabel(v)}</span>
              </td>
              <td>
                <StatusBadge verification={v} />
              </td>
              <td className="nowrap">
                <TimeAgo value={v.startedDate} />
              </td>
              <td className="rv-action-cell">{button(v)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RedemptionVerificationPanel({ customer, renderEnterRo, request, onRequestDone, onVerificationsChanged }: RedemptionVerificationPanelProps) {
  const { customerId } = customer;
  const name = fullName(customer) || 'the customer';
  const titleId = useId();
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<RedemptionVerificationType>(customer.emailAddress || !customer.phoneMobile ? 'email' : 'text');
  const [askingRo, setAskingRo] = useState(false);
  const [pendingOpen, setPendingOpen] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [preApproving, setPreApproving] = useState(false);
  const [sending, setSending] = useState<Sending | null>(null);
  const sectionRef = useRef<HTMLElement>(null);

  const listener = useCustomerVerificationListener(customerId);
  const pending = usePendingApprovals(customerId);
  const { observe } = useStatusTransitions(customerId);
  // Staff follow the verification they picked or started, otherwise the customer's newest one.
  const activeId = chosenId ?? listener.data?.[0]?.redemptionVerificationId ?? null;

  // Each listener answer: toast state changes, and refresh the open list when anything changed.
  const fingerprint = useMemo(() => (listener.data ?? []).map((v) => `${v.redemptionVerificationId}:${v.status}`).join(','), [listener.data]);
  useEffect(() => {
    if (listener.data) observe(listener.data);
  }, [listener.data, observe]);
  const changed = useRef(onVerificationsChanged);
  changed.current = onVerificationsChanged;
  useEffect(() => {
    if (!fingerprint) return;
    void queryClient.invalidateQueries({ queryKey: redemptionVerificationKeys.list(customerId, false) });
    changed.current?.();
  }, [fingerprint, customerId, queryClient]);

  // Another panel asks for a verification of an RO: the Start Verification dialog opens for it.
  useEffect(() => {
    if (!request) return;
    setSending({ ro: { roNumber: request.roNumber, locationId: request.locationId }, reason: request.reason, request });
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [request]);

  // What the 3 s poll learns about the followed verification also updates the listener's list, so the two agree.
  const onSeen = useCallback(
    (seen: readonly RedemptionVerification[]) => {
      observe(seen);
      queryClient.setQueryData<RedemptionVerification[]>(redemptionVerificationKeys.list(customerId, true), (old) => {
        if (!old) return old;
        const newer = (v: RedemptionVerification) => seen.find((s) => s.redemptionVerificationId === v.redemptionVerificationId && (s.status !== v.status || s.sentDate !== v.sentDate));
        return old.some(newer) ? old.map((v) => newer(v) ?? v) : old;
      });
    },
    [observe, queryClient, customerId],
  );

  const start = useSendRedemptionVerification({
    onSuccess: (verification) => {
      observe([verification]);
      setChosenId(verification.redemptionVerificationId);
      toast.success(REDEMPTION_TEXTS.sent(name));
    },
    // SPEC 8: the first error or 'Unknown error.' in an error dialog.
    onError: (error) => void notify({ message: error.messages[0] ?? RV_TEXTS.unknownError, variant: 'danger' }),
  });

  const send = (ro: { roNumber: string; locationId: number }, choice: StartVerificationChoice, answering?: VerificationRequest) =>
    start.mutate(
      { kind: 'start', request: { type: choice.type, roNumber: ro.roNumber, locationId: ro.locationId, customerId, preApprovalOpCodes: choice.preApprovalOpCodes } },
      {
        onSuccess: (verification) => {
          setSending(null);
          if (answering) onRequestDone?.(answering, verification);
        },
      },
    );

  const onRo = (ro: { roNumber: string; locationId: number } | null) => {
    setAskingRo(false);
    if (!ro) return;
    // Pre-approving: the RO's op codes are shown to tick first; otherwise it is sent at once.
    if (preApproving) setSending({ ro });
    else send(ro, { type: channel, preApprovalOpCodes: [] });
  };
  const cancelSending = () => {
    const answering = sending?.request;
    setSending(null);
    if (answering) onRequestDone?.(answering, null);
  };

  const pendingCount = pending.data?.length;
  return (
    <section ref={sectionRef} className="panel rv-panel" aria-labelledby={titleId}>
      <div className="section-header">
        <div>
          <h2 id={titleId}>{RV_TEXTS.panelTitle}</h2>
          <p className="muted panel-intro">{RV_TEXTS.panelIntro(name)}</p>
        </div>
        <button type="button" className="btn" onClick={() => setPendingOpen(true)}>
          {RV_TEXTS.pendingApprovals}{' '}
          {pendingCount !== undefined && <span className="rv-count">{pendingCount}</span>}
        </button>
      </div>

      {renderEnterRo && (
        <div className="rv-start">
          <div className="rv-start-choices">
            <fieldset className="rv-channel">
              <legend className="field-label">{RV_TEXTS.channelLegend}</legend>
              {(['email', 'text'] as const).map((type) => (
                <label key={type} className="rv-channel-option">
                  <input type="radio" name={`${titleId}-channel`} value={type} checked={channel === type} onChange={() => setChannel(type)} />
                  {CHANNEL_LABELS[type]}
                </label>
              ))}
            </fieldset>
            <label className="rv-channel-option">
              <input type="checkbox" checked={preApproving} onChange={(e) => setPreApproving(e.target.checked)} />
              {RV_TEXTS.preApproveToggle}
            </label>
          </div>
          <button type="button" className="btn btn-primary" disabled={start.isPending} onClick={() => setAskingRo(true)}>
            {start.isPending && <Spinner size="sm" label="Sending..." />}
            {RV_TEXTS.start}
          </button>
        </div>
      )}

      {activeId && <ActiveVerification key={activeId} redemptionVerificationId={activeId} sentMessage={REDEMPTION_TEXTS.sent(name)} onSeen={onSeen} />}

      <div className="rv-recent">
        <h3>{RV_TEXTS.recentTitle}</h3>
        {listener.isPending ? (
          <div className="empty-state">
            <Spinner label="Loading verifications..." />
          </div>
        ) : listener.data && listener.data.length > 0 ? (
          <RecentVerifications rows={listener.data} activeId={activeId} onShow={setChosenId} />
        ) : listener.isError ? (
          <p className="field-error" role="alert">
            {listener.error.message}
          </p>
        ) : (
          <p className="empty-state">{RV_TEXTS.noneYet}</p>
        )}
      </div>

      {renderEnterRo?.({ open: askingRo, type: RV_TEXTS.enterRoType, onClose: onRo })}
      <StartVerificationDialog
        ro={sending?.ro ?? null}
        reason={sending?.reason}
        customer={{ name, emailAddress: customer.emailAddress, phoneMobile: customer.phoneMobile }}
        initialType={channel}
        loading={start.isPending}
        onSubmit={(choice) => sending && send(sending.ro, choice, sending.request)}
        onCancel={cancelSending}
      />
      <PendingApprovalsDialog
        open={pendingOpen}
        customerId={customerId}
        customerName={name}
        onClose={() => setPendingOpen(false)}
        onOverridden={(v) => observe([v])}
      />
    </section>
  );
}
