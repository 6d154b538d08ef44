import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILE_MAX_BYTES } from '../../contract/files';
import { jpegOrientation } from '../../client/features/chat/files/jpeg-orientation';
import { prepareFile } from '../../client/features/chat/files/prepare-file';

/** A browser that decodes every picture as `width`×`height` and encodes what is drawn. */
function stubDrawing(width: number, height: number, encodedBytes = 1000) {
  const bitmap = { width, height, close: vi.fn() };
  const decode = vi.fn(async () => bitmap);
  vi.stubGlobal('createImageBitmap', decode);
  const drawn: { width: number; height: number; type?: string; quality?: number }[] = [];
  const context = { drawImage: vi.fn(), imageSmoothingQuality: 'low' };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
    quality?: number,
  ) {
    drawn.push({ width: this.width, height: this.height, type, quality });
    callback(new Blob([new Uint8Array(encodedBytes)], { type }));
  });
  return { decode, drawn, bitmap, context };
}

/** A JPEG's first bytes: SOI, an APP1 Exif (little-endian TIFF) whose IFD0 holds one tag. */
function jpegWithOrientation(orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = [
    ...[0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00], // 'II', 42, IFD0 at 8
    ...[0x01, 0x00], // one entry: 0x0112, SHORT, one, the value
    ...[0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ];
  const exif = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff];
  const length = exif.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...exif, 0xff, 0xda]);
}

const file = (bytes: BlobPart, name: string, type: string) => new File([bytes], name, { type });

afterEach(() => vi.unstubAllGlobals());

describe('preparing a photo for upload', () => {
  it('scales a photo wider than 2,048 px down to fit, upright, as JPEG at good quality', async () => {
    const { decode, drawn, bitmap, context } = stubDrawing(4032, 3024);
    const photo = file('jpeg bytes', 'IMG_0412.jpg', 'image/jpeg');
    const prepared = await prepareFile(photo);
    expect(decode).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(drawn).toEqual([{ width: 2048, height: 1536, type: 'image/jpeg', quality: 0.9 }]);
    expect(context.imageSmoothingQuality).toBe('high');
    expect(bitmap.close).toHaveBeenCalled();
    expect(prepared.ok && prepared.file).toMatchObject({
      name: 'IMG_0412.jpg',
      type: 'image/jpeg',
      size: 1000,
    });
  });

  it('scales a tall PNG to WebP, which keeps its transparency, under a name that says so', async () => {
    const { drawn } = stubDrawing(1200, 3000);
    const prepared = await prepareFile(file('png bytes', 'Screen Shot.PNG', 'image/png'));
    expect(drawn).toEqual([{ width: 819, height: 2048, type: 'image/webp', quality: 0.9 }]);
    expect(prepared.ok && prepared.file).toMatchObject({
      name: 'Screen Shot.webp',
      type: 'image/webp',
    });
  });

  it('leaves a PNG within the limit as it is', async () => {
    const { drawn } = stubDrawing(1200, 800);
    const png = file('png bytes', 'chart.png', 'image/png');
    expect(await prepareFile(png)).toEqual({ ok: true, file: png });
    expect(drawn).toEqual([]);
  });

  it('never draws a GIF again, however large: its frames would be lost', async () => {
    const { decode } = stubDrawing(5000, 5000);
    const gif = file('gif bytes', 'dance.gif', 'image/gif');
    expect(await prepareFile(gif)).toEqual({ ok: true, file: gif });
    expect(decode).not.toHaveBeenCalled();
  });

  it('draws upright a JPEG within the limit that leans on its Exif orientation', async () => {
    const { drawn } = stubDrawing(600, 800);
    const turned = file(jpegWithOrientation(6), 'portrait.jpg', 'image/jpeg');
    const prepared = await prepareFile(turned);
    expect(drawn).toEqual([{ width: 600, height: 800, type: 'image/jpeg', quality: 0.9 }]);
    expect(prepared.ok && prepared.file).not.toBe(turned);

    const upright = file(jpegWithOrientation(1), 'landscape.jpg', 'image/jpeg');
    expect(await prepareFile(upright)).toEqual({ ok: true, file: upright });
  });

  it('draws again, whatever its size, a photo the server cannot clean (HEIC, AVIF, TIFF)', async () => {
    // The server removes metadata from JPEG, PNG, WebP and GIF only; any other photo would be
    // stored and served with its Exif, GPS position included. Drawn, it keeps none.
    const cases: [string, string, string, string][] = [
      ['IMG_0412.HEIC', 'image/heic', 'image/jpeg', 'IMG_0412.jpg'],
      ['IMG_0413.heif', 'image/heif', 'image/jpeg', 'IMG_0413.jpg'],
      ['scan.tiff', 'image/tiff', 'image/jpeg', 'scan.jpg'],
      ['sticker.avif', 'image/avif', 'image/webp', 'sticker.webp'],
    ];
    for (const [name, type, drawnAs, sentAs] of cases) {
      const { drawn } = stubDrawing(1200, 900);
      const prepared = await prepareFile(file('photo bytes', name, type));
      expect(drawn, name).toEqual([{ width: 1200, height: 900, type: drawnAs, quality: 0.9 }]);
      expect(prepared.ok && prepared.file, name).toMatchObject({ name: sentAs, type: drawnAs });
      vi.restoreAllMocks();
    }
  });

  it('sends a picture the browser cannot decode as it is: the server decides', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('bad'))),
    );
    const odd = file('not really', 'odd.jpg', 'image/jpeg');
    expect(await prepareFile(odd)).toEqual({ ok: true, file: odd });
  });

  it('refuses what is still over 10 MB, in the server’s words', async () => {
    stubDrawing(9000, 6000, FILE_MAX_BYTES + 1);
    expect(await prepareFile(file('huge', 'huge.jpg', 'image/jpeg'))).toEqual({
      ok: false,
      error: 'File is larger than 10 MB',
    });
    const big = file(new Uint8Array(FILE_MAX_BYTES + 1), 'big.gif', 'image/gif');
    expect(await prepareFile(big)).toEqual({ ok: false, error: 'File is larger than 10 MB' });
    const limit = file(new Uint8Array(FILE_MAX_BYTES), 'limit.bin', '');
    expect(await prepareFile(limit)).toEqual({ ok: true, file: limit });
  });
});

describe('reading a JPEG’s orientation', () => {
  it('finds tag 0x0112 in IFD0, and says upright for anything else', async () => {
    for (const value of [1, 3, 6, 8]) {
      expect(await jpegOrientation(new Blob([jpegWithOrientation(value)]))).toBe(value);
    }
    expect(await jpegOrientation(new Blob([jpegWithOrientation(42)]))).toBe(1);
    expect(await jpegOrientation(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda])]))).toBe(1);
    expect(await jpegOrientation(new Blob(['not a jpeg at all']))).toBe(1);
    // Cut short inside the segment: no reading past the end.
    expect(await jpegOrientation(new Blob([jpegWithOrientation(6).slice(0, 20)]))).toBe(1);
  });
});
