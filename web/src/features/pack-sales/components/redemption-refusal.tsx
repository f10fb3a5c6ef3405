// Why the last redemption command was refused (SPEC 8's alert): the server's messages, a link to the help page
// when the RO was not found, and, for a 412, where to start the customer's verification.
import { Link } from 'react-router-dom';
import { COUPON_RO_NOT_FOUND_HELP_PATH } from '@dealer/contracts';
import { REDEMPTION_TEXTS, isRoNotFound } from './redemption-texts';

export interface RedemptionRefusalProps {
  messages: readonly string[];
  /** 412: the op code needs the customer's verification first. */
  verificationNeeded: boolean;
  /** The refused redemption's RO (for the 412's way forward). */
  roNumber?: string;
  /** Opens the customer's verification for that RO; without it the alert says where to start it. */
  onStartVerification?: () => void;
  onDismiss: () => void;
}

export function RedemptionRefusal({ messages, verificationNeeded, roNumber, onStartVerification, onDismiss }: RedemptionRefusalProps) {
  const linked = verificationNeeded && roNumber !== undefined && onStartVerification !== undefined;
  return (
    <div className="banner banner-danger redemption-refusal" role="alert">
      <strong className="sale-block">{REDEMPTION_TEXTS.refusalTitle}</strong>
      <ul className="redemption-refusal-list">
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      {messages.some(isRoNotFound) && (
        <p>
          <Link to={COUPON_RO_NOT_FOUND_HELP_PATH}>{REDEMPTION_TEXTS.roNotFoundHelp}</Link>
        </p>
      )}
      {verificationNeeded && <p>{linked ? REDEMPTION_TEXTS.verificationNeededLinked(roNumber) : REDEMPTION_TEXTS.verificationNeeded}</p>}
      <div className="sale-actions coupon-actions">
        {linked && (
          <button type="button" className="btn btn-primary btn-sm" onClick={onStartVerification}>
            {REDEMPTION_TEXTS.startVerification(roNumber)}
          </button>
        )}
        <button type="button" className="btn btn-sm" onClick={onDismiss}>
          {REDEMPTION_TEXTS.dismiss}
        </button>
      </div>
    </div>
  );
}
