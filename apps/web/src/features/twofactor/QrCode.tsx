import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

interface Props {
  /** What the code holds (an otpauth:// URL). */
  value: string;
  /** Its name for screen readers. */
  label: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

/** Quiet zone around the code, in modules (the standard asks for 4). */
const MARGIN = 4;

/**
 * A QR code drawn as one SVG path, made in the browser (qrcode-generator): the secret it holds
 * never leaves the page, no image is fetched.
 */
export function QrCode({ value, label, size = 184 }: Props) {
  const { path, modules } = useMemo(() => {
    const code = qrcode(0, 'M');
    code.addData(value);
    code.make();
    const count = code.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row++) {
      for (let col = 0; col < count; col++) {
        if (code.isDark(row, col)) d += `M${col + MARGIN} ${row + MARGIN}h1v1h-1z`;
      }
    }
    return { path: d, modules: count + 2 * MARGIN };
  }, [value]);
  return (
    <svg
      className="rp-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
