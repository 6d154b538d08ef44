import { QRCodeSVG } from 'qrcode.react';

/** Spec point 9: a 150 px QR code. Split out so the QR encoder loads only when asked for. */
export default function InviteQrCode({ link }: { link: string }) {
  return (
    <QRCodeSVG value={link} size={150} role="img" aria-label="Invite QR code" marginSize={2} />
  );
}
