/**
 * Metadata removal, format by format: what a phone or an editor writes (Exif with GPS, XMP,
 * comments, text chunks, trailing pictures) goes; the picture's own segments and chunks stay
 * byte for byte, so it still decodes.
 */
import { describe, expect, it } from 'vitest';
import { cleanFile } from '../../worker/files/clean-image';
import { cleanGif } from '../../worker/files/gif-metadata';
import { UnreadableImage } from '../../worker/files/image-bytes';
import { cleanJpeg } from '../../worker/files/jpeg-metadata';
import { cleanPng } from '../../worker/files/png-metadata';
import { cleanWebp } from '../../worker/files/webp-metadata';
import {
  concat,
  containsText,
  gifWithEverything,
  gpsJpeg,
  gpsWebp,
  iccApp2,
  imagesOfTinyParts,
  jfifApp0,
  jpegSegment,
  jpegWithEverything,
  plainGif,
  plainJpeg,
  plainPng,
  plainWebp,
  pngChunks,
  pngWithEverything,
  SECRETS,
  webpChunks,
  webpWithEverything,
} from './support/image-fixtures';

function expectNoSecrets(bytes: Uint8Array) {
  for (const secret of SECRETS) expect(containsText(bytes, secret), secret).toBe(false);
}

describe('JPEG', () => {
  it('a phone photo loses its Exif (GPS, make, model) and keeps every other byte', () => {
    expect(containsText(gpsJpeg, 'Exif')).toBe(true);
    expect(containsText(gpsJpeg, 'PhoneMaker')).toBe(true);
    const clean = cleanJpeg(gpsJpeg);
    expect(clean.bytes).toEqual(plainJpeg);
    expect(clean).toMatchObject({ width: 8, height: 6 });
    expectNoSecrets(clean.bytes);
  });

  it('drops XMP, APP13, comments and a picture after the end; keeps JFIF and the ICC profile', () => {
    const clean = cleanJpeg(jpegWithEverything());
    expect(clean.bytes).toEqual(
      concat(plainJpeg.subarray(0, 2), jfifApp0, iccApp2, plainJpeg.subarray(2)),
    );
    expectNoSecrets(clean.bytes);
  });

  it('drops an APP0 that is not JFIF (a JFXX thumbnail) and other APPn', () => {
    const thumb = jpegSegment(0xe0, new TextEncoder().encode('JFXX\0\x10thumbnail'));
    const app5 = jpegSegment(0xe5, new TextEncoder().encode('vendor data'));
    const bytes = concat(plainJpeg.subarray(0, 2), thumb, app5, plainJpeg.subarray(2));
    expect(cleanJpeg(bytes).bytes).toEqual(plainJpeg);
  });

  it('keeps the entropy-coded data with its stuffed bytes and restart markers', () => {
    // A scan whose data holds FF 00 (a stuffed FF) and FF D0 (a restart) is not a marker.
    const sosAt = plainJpeg.lastIndexOf(0xda) - 1;
    const sosLength = (plainJpeg[sosAt + 2]! << 8) | plainJpeg[sosAt + 3]!;
    const scan = new Uint8Array([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
    const bytes = concat(
      plainJpeg.subarray(0, sosAt + 2 + sosLength),
      scan,
      jpegSegment(0xfe, new TextEncoder().encode('shot at home')),
      new Uint8Array([0xff, 0xd9]),
    );
    const clean = cleanJpeg(bytes);
    expect(clean.bytes).toEqual(
      concat(plainJpeg.subarray(0, sosAt + 2 + sosLength), scan, new Uint8Array([0xff, 0xd9])),
    );
  });

  it('refuses bytes that start as a JPEG and do not hold together', () => {
    expect(() => cleanJpeg(plainJpeg.subarray(0, 40))).toThrow(UnreadableImage);
    expect(() => cleanJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toThrow(
      UnreadableImage,
    );
    expect(() => cleanJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toThrow(UnreadableImage);
  });
});

describe('PNG', () => {
  it('drops tEXt, iTXt, eXIf, tIME and what follows IEND; keeps every other chunk as it was', () => {
    const dirty = pngWithEverything();
    expect(pngChunks(dirty)).toContain('eXIf');
    const clean = cleanPng(dirty);
    expect(clean.bytes).toEqual(plainPng);
    expect(pngChunks(clean.bytes)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(clean).toMatchObject({ width: 8, height: 6 });
    expectNoSecrets(clean.bytes);
  });

  it('refuses a PNG cut short or with a chunk running past the end', () => {
    expect(() => cleanPng(plainPng.subarray(0, plainPng.length - 12))).toThrow(UnreadableImage);
    const long = plainPng.slice();
    long[33 + 3] = 0xff; // pHYs claims 255 bytes
    expect(() => cleanPng(long.subarray(0, 60))).toThrow(UnreadableImage);
  });
});

describe('WebP', () => {
  it('drops EXIF and XMP, clears their VP8X flags and writes the RIFF size anew', () => {
    const dirty = webpWithEverything();
    expect(webpChunks(dirty).map((chunk) => chunk.type)).toEqual(['VP8X', 'VP8 ', 'EXIF', 'XMP ']);
    const clean = cleanWebp(dirty);
    const chunks = webpChunks(clean.bytes);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['VP8X', 'VP8 ']);
    expect(clean.bytes[20]! & 0x0c).toBe(0); // EXIF (0x08) and XMP (0x04) flags
    const riffSize = new DataView(clean.bytes.buffer).getUint32(4, true);
    expect(riffSize).toBe(clean.bytes.length - 8);
    // The picture's chunk is the plain WebP's, byte for byte.
    const vp8 = chunks[1]!;
    const plainVp8 = webpChunks(plainWebp)[0]!;
    expect(clean.bytes.subarray(vp8.at, vp8.at + vp8.length)).toEqual(
      plainWebp.subarray(plainVp8.at, plainVp8.at + plainVp8.length),
    );
    expect(clean).toMatchObject({ width: 8, height: 6 });
    expectNoSecrets(clean.bytes);
  });

  it('reads the size of a simple lossy WebP and leaves it as it was', () => {
    const clean = cleanWebp(plainWebp);
    expect(clean.bytes).toEqual(plainWebp);
    expect(clean).toMatchObject({ width: 8, height: 6 });
  });

  it('refuses a RIFF that claims more bytes than it has', () => {
    expect(() => cleanWebp(gpsWebp.subarray(0, 100))).toThrow(UnreadableImage);
  });
});

describe('GIF', () => {
  it('drops comments and XMP, keeps the palette, the graphic control and the frame', () => {
    const clean = cleanGif(gifWithEverything());
    expect(clean.bytes).toEqual(plainGif);
    expect(clean).toMatchObject({ width: 8, height: 6 });
    expectNoSecrets(clean.bytes);
  });

  it('keeps the NETSCAPE2.0 extension that makes an animation loop', () => {
    const frameAt = plainGif.indexOf(0x21, 13 + 3 * 64);
    const loop = concat(
      new Uint8Array([0x21, 0xff, 11]),
      new TextEncoder().encode('NETSCAPE2.0'),
      new Uint8Array([3, 1, 0, 0, 0]),
    );
    const looping = concat(plainGif.subarray(0, frameAt), loop, plainGif.subarray(frameAt));
    expect(cleanGif(looping).bytes).toEqual(looping);
  });
});

describe('an image of many tiny parts', () => {
  /**
   * The bytes of an upload, counting every view made of them: a typed array's subarray and
   * slice are made by its class (its species), so each one runs this constructor.
   */
  class CountedBytes extends Uint8Array {
    static views = 0;
    constructor(buffer: ArrayBuffer, byteOffset?: number, length?: number) {
      super(buffer, byteOffset, length);
      CountedBytes.views += 1;
    }
  }

  it.each(imagesOfTinyParts(20_000))(
    '%s: cleaned without a view of each part kept',
    (type, image) => {
      // A view is about a hundred bytes to V8: a 10 MB file of 2- to 12-byte parts made a million
      // or more of them at once, past the 128 MB a Worker has, so one upload ended the isolate.
      const upload = new CountedBytes(image.slice().buffer);
      CountedBytes.views = 0;
      const clean = cleanFile(type, upload);
      expect(CountedBytes.views).toBeLessThan(10);
      expect(clean.bytes).toEqual(image);
    },
  );
});
