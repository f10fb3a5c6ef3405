// "Show at the desk" (issue 24): one coupon's desk code, large, with its QR code, sized for a phone held up to
// the service desk's scanner (the QR fills the phone's width up to 320 px; the code in large letters below for
// reading aloud). Loaded when first opened (lazyDialog), so the QR library stays out of My coupons' first load.
import { Modal } from '../../../components/ui/modal/modal';
import { QrCode } from '../../../components/ui/qr-code/qr-code';
import { CUSTOMER_AREA_TEXTS as T } from './customer-area-texts';

export interface DeskCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The coupon's name, and its desk code (XXXXX-XXXXX). */
  couponName: string;
  code: string;
}

export function DeskCodeDialog({ open, onOpenChange, couponName, code }: DeskCodeDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={T.deskTitle} size="sm">
      <div className="desk-code">
        <p className="desk-code-coupon">{couponName}</p>
        <QrCode className="desk-code-qr" value={code} label={T.deskQrLabel(code)} />
        <p className="desk-code-text">{code}</p>
        <p className="muted desk-code-help">{T.deskHelp}</p>
        <div className="form-footer">
          <button type="button" className="btn btn-primary" onClick={() => onOpenChange(false)}>
            {T.deskClose}
          </button>
        </div>
      </div>
    </Modal>
  );
}
