import { QRCodeCanvas } from 'qrcode.react';
import { forwardRef } from 'react';
import { QR_SIZES } from '#shared/constants';

/** spec §9 QR sizes: a QR code canvas, margin 2 modules, 256 px unless told. */
export const QrCode = forwardRef<HTMLCanvasElement, { value: string; size?: number; title?: string; hidden?: boolean }>(
  function QrCode({ value, size = QR_SIZES.CANVAS_DEFAULT, title, hidden = false }, ref) {
    return (
      <QRCodeCanvas
        ref={ref}
        value={value}
        size={size}
        marginSize={QR_SIZES.MARGIN}
        title={title}
        role={hidden ? undefined : 'img'}
        aria-label={hidden ? undefined : title}
        aria-hidden={hidden || undefined}
        style={hidden ? { display: 'none' } : { display: 'block', maxWidth: '100%', height: 'auto' }}
      />
    );
  },
);

/** "Summer Meetup" → "summer-meetup-qr-code.png" (spec §2: named after the event plus "qr-code.png"). */
export function qrFileName(eventName: string): string {
  const slug = eventName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'event'}-qr-code.png`;
}

/** Saves a canvas as a PNG file through a temporary link. */
export function downloadCanvas(canvas: HTMLCanvasElement, fileName: string) {
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
