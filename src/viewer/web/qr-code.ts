// A QR code drawn by the page itself (qrcode-generator, served by the app): no external service
// ever sees the link, which may carry a token.
interface QrCode {
  addData(data: string): void;
  make(): void;
  createSvgTag(opts: { cellSize: number; margin: number; scalable: boolean; alt?: string }): string;
}
type QrFactory = (typeNumber: 0, level: 'L' | 'M' | 'Q' | 'H') => QrCode;

let factory: Promise<QrFactory> | null = null;

export async function qrSvg(text: string, alt: string): Promise<string> {
  factory ??= import('/viewer/vendor/qrcode.mjs' as string).then((m: { default: QrFactory }) => m.default);
  const qr = (await factory)(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true, alt });
}
