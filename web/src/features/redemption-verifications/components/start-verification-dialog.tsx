// Start Verification: the RO is known (from Enter Verification RO #, or from a redemption the server refused with
// 412); staff choose how to send it and may tick the RO's op codes the customer already agreed to in person, which
// are recorded as pre-approved and not asked about (SPEC 3 preApprovalOpCodes). Send hands the choice to the
// panel, which starts the verification; the dialog stays open (spinner) until that answers.
import { useId, useState, type FormEvent } from 'react';
import { formatPhone, type RedemptionVerificationType } from '@dealer/contracts';
import { ErrorMessages } from '../../../components/ui/error-messages/error-messages';
import { Modal } from '../../../components/ui/modal/modal';
import { Spinner } from '../../../components/ui/spinner/spinner';
import { useRoOpCodes } from '../api/get-ro-op-codes';
import { CHANNEL_LABELS, RV_TEXTS } from './redemption-verification-texts';
import '../../../components/ui/form/checkbox-group.css';

export interface StartVerificationChoice {
  type: RedemptionVerificationType;
  preApprovalOpCodes: string[];
}

export interface StartVerificationDialogProps {
  /** The RO to verify; null: closed. */
  ro: { roNumber: string; locationId: number } | null;
  /** Why the dialog opened, shown above the form (e.g. the redemption that needs it). */
  reason?: string;
  customer: { name: string; emailAddress: string | null; phoneMobile: string | null };
  initialType: RedemptionVerificationType;
  /** The panel's start request is running. */
  loading: boolean;
  onSubmit: (choice: StartVerificationChoice) => void;
  onCancel: () => void;
}

function StartVerificationForm({ ro, reason, customer, initialType, loading, onSubmit, onCancel }: Omit<StartVerificationDialogProps, 'ro'> & { ro: { roNumber: string; locationId: number } }) {
  const id = useId();
  const [type, setType] = useState<RedemptionVerificationType>(initialType);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const opCodes = useRoOpCodes(ro);
  const contact: Record<RedemptionVerificationType, string | null> = {
    email: customer.emailAddress,
    text: customer.phoneMobile ? formatPhone(customer.phoneMobile) : null,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loading) onSubmit({ type, preApprovalOpCodes: [...ticked] });
  };
  const toggle = (opCode: string, on: boolean) => setTicked((old) => (on ? [...old.filter((c) => c !== opCode), opCode] : old.filter((c) => c !== opCode)));
  const where = opCodes.data?.locationName ? RV_TEXTS.startAt(ro.roNumber, opCodes.data.locationName) : `RO# ${ro.roNumber}`;

  return (
    <form noValidate onSubmit={submit} aria-busy={loading} className="rv-start-form">
      <div className="modal-body rv-start-body">
        {reason && <p className="alert alert-info">{reason}</p>}
        <p>{RV_TEXTS.startIntro(customer.name, where)}</p>

        <fieldset className="field choice-group" role="radiogroup">
          <legend className="field-label">{RV_TEXTS.channelLegend}</legend>
          <div className="choice-options">
            {(['email', 'text'] as const).map((t) => (
              <label key={t} className="choice">
                <input type="radio" name={`${id}-type`} value={t} checked={type === t} disabled={!contact[t]} onChange={() => setType(t)} />
                <span>
                  {CHANNEL_LABELS[t]}
                  <span className="muted"> {contact[t] ?? RV_TEXTS.noContact[t]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="field choice-group rv-preapproval" aria-describedby={`${id}-preapproval-hint`}>
          <legend className="field-label">{RV_TEXTS.preApprovalLegend}</legend>
          <p id={`${id}-preapproval-hint`} className="field-hint">
            {RV_TEXTS.preApprovalHint}
          </p>
          {opCodes.isPending ? (
            <Spinner size="sm" label={RV_TEXTS.opCodesLoading} />
          ) : opCodes.isError ? (
            <ErrorMessages error={opCodes.error} className="field-error" />
          ) : opCodes.data.opCodes.length === 0 ? (
            <p className="muted">{RV_TEXTS.noRoOpCodes}</p>
          ) : (
            <div className="choice-options">
              {opCodes.data.opCodes.map((o) => (
                <label key={o.opCode} className="choice">
                  <input type="checkbox" value={o.opCode} checked={ticked.includes(o.opCode)} disabled={loading} onChange={(e) => toggle(o.opCode, e.target.checked)} />
                  <span>
                    <strong>{o.opCode}</strong>
                    {o.description && <span className="muted"> {o.description}</span>}
                  </span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" disabled={loading} onClick={onCancel}>
          {RV_TEXTS.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={loading || !contact[type]}>
          {loading && <Spinner size="sm" label="Sending..." />}
          {RV_TEXTS.send}
        </button>
      </div>
    </form>
  );
}

export function StartVerificationDialog({ ro, ...rest }: StartVerificationDialogProps) {
  return (
    <Modal open={ro !== null} onOpenChange={(next) => (next ? undefined : rest.onCancel())} locked={rest.loading} title={RV_TEXTS.startTitle} size="md" minimizable={false}>
      {ro && <StartVerificationForm key={`${ro.locationId}:${ro.roNumber}`} ro={ro} {...rest} />}
    </Modal>
  );
}
