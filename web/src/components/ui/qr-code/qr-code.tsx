// A QR code drawn as SVG by React from qrcode-generator's modules (issue 24): no markup strings, no inline
// script or style, so it renders under the page's CSP. Crisp at any size (the SVG scales; the modules are
// one path); a quiet zone of four modules as the standard asks, dark on white for every scanner.
import qrcode from 'qrcode-generator';

export interface QrCodeProps {
  /** What the code holds (a desk code: upper-case letters, digits and '-', QR's alphanumeric mode). */
  value: string;
  /** The accessible name of the image, e.g. 'QR code for 7KQ4M-XR2TD'. */
  label: string;
  className?: string;
}

const QUIET_ZONE = 4;

/** The dark modules of `value` as one SVG path, and the code's size in modules (without the quiet zone). */
export function qrPath(value: string): { path: string; size: number } {
  const qr = qrcode(0, 'M');
  qr.addData(value, /^[0-9A-Z $%*+\-./:]*$/.test(value) ? 'Alphanumeric' : 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
  }
  return { path, size };
}

export function QrCode({ value, label, className }: QrCodeProps) {
  const { path, size } = qrPath(value);
  const full = size + QUIET_ZONE * 2;
  return (
    <svg className={className} viewBox={`0 0 ${full} ${full}`} role="img" aria-label={label} shapeRendering="crispEdges" xmlns="http://www.w3.org/2000/svg">
      <rect width={full} height={full} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
