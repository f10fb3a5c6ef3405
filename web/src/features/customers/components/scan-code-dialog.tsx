// Scan a desk code with the device camera (issue 24): the camera's picture, read a few times a second by the
// browser's BarcodeDetector where it has one, else by jsQR (a QR decoder in plain JavaScript) on a canvas
// copy of the frame. The first QR code that holds a desk code closes the dialog with it; the camera stops
// when the dialog closes. Loaded when first opened (lazyDialog): the decoder stays out of the sales page's
// first load.
import { useEffect, useRef, useState } from 'react';
import { parseDeskCode } from '@dealer/contracts';
import { Modal } from '../../../components/ui/modal/modal';

export const SCAN_CODE_TEXTS = {
  title: 'Scan code',
  intro: "Point the camera at the QR code on the customer's phone or receipt.",
  starting: 'Starting the camera...',
  noCamera: 'The camera could not be started. Type the code instead.',
  notACode: 'That QR code is not a coupon code.',
  video: 'Camera picture',
  cancel: 'Cancel',
} as const;

export interface ScanCodeDialogProps {
  open: boolean;
  /** The desk code read (XXXXX-XXXXX), or null when cancelled. */
  onClose: (code: string | null) => void;
}

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** BarcodeDetector for QR codes where the browser has it, else jsQR on a canvas copy of the frame. */
async function qrReader(): Promise<Reader> {
  const Detector = (globalThis as { BarcodeDetector?: { new (o: { formats: string[] }): BarcodeDetectorLike; getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export function ScanCodeDialog({ open, onClose }: ScanCodeDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const [notACode, setNotACode] = useState(false);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState('starting');
    setNotACode(false);
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await qrReader();
        setState('scanning');
        const tick = async () => {
          if (stopped || !video.current) return;
          const value = await read(video.current).catch(() => null);
          const code = value === null ? null : parseDeskCode(value);
          if (code) {
            stopped = true;
            onClose(code);
            return;
          }
          if (value !== null) setNotACode(true);
          timer = setTimeout(() => void tick(), 200);
        };
        void tick();
      } catch {
        if (!stopped) setState('failed');
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [open, onClose]);

  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose(null)} title={SCAN_CODE_TEXTS.title} size="sm">
      <div className="modal-body scan-code">
        <p>{SCAN_CODE_TEXTS.intro}</p>
        <video ref={video} className="scan-code-video" muted playsInline aria-label={SCAN_CODE_TEXTS.video} />
        <p role="status" className={state === 'failed' || notACode ? 'field-error' : 'muted'}>
          {state === 'starting' ? SCAN_CODE_TEXTS.starting : state === 'failed' ? SCAN_CODE_TEXTS.noCamera : notACode ? SCAN_CODE_TEXTS.notACode : ''}
        </p>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn" onClick={() => onClose(null)}>
          {SCAN_CODE_TEXTS.cancel}
        </button>
      </div>
    </Modal>
  );
}
