// Why the last redemption command was refused (SPEC 8's alert): the server's messages, a link to the help page
// when the RO was not found, and, for a 412, where to start the customer's verification.
import { Link } from 'react-router-dom';
import { COUPON_RO_NOT_FOUND_HELP_PATH } from '@dealer/contracts';
import { REDEMPTION_TEXTS, isRoNotFound } from './redemption-texts';

export interface RedemptionRefusalProps {
  messages: readonly string[];
  /** 412: the op code needs the customer's verification first. */
  verificationNeeded: boolean;
  onDismiss: () => void;
}

export function RedemptionRefusal({ messages, verificationNeeded, onDismiss }: RedemptionRefusalProps) {
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
      {verificationNeeded && <p>{REDEMPTION_TEXTS.verificationNeeded}</p>}
      <button type="button" className="btn btn-sm" onClick={onDismiss}>
        {REDEMPTION_TEXTS.dismiss}
      </button>
    </div>
  );
}
