/** The bytes read for the Exif orientation: APP1 comes first, within its 64 KB limit. */
const HEAD_BYTES = 128 * 1024;

/**
 * A JPEG's Exif orientation (1 to 8; 1, upright, when it has none). The server removes Exif,
 * orientation included, so a photo that relies on it is drawn upright here before upload.
 */
export async function jpegOrientation(file: Blob): Promise<number> {
  const view = new DataView(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return 1;
  let at = 2;
  while (at + 4 <= view.byteLength && view.getUint8(at) === 0xff) {
    const marker = view.getUint8(at + 1);
    const length = view.getUint16(at + 2);
    // Start of scan, or the end: no metadata past this point.
    if (marker === 0xda || marker === 0xd9) return 1;
    if (marker === 0xe1 && isExif(view, at + 4))
      return orientationIn(view, at + 10, at + 2 + length);
    at += 2 + length;
  }
  return 1;
}

function isExif(view: DataView, at: number) {
  return (
    at + 6 <= view.byteLength && view.getUint32(at) === 0x45786966 && view.getUint16(at + 4) === 0
  );
}

/** Tag 0x0112 of IFD0 in the TIFF structure at `tiff` (bounded by the segment's `end`). */
function orientationIn(view: DataView, tiff: number, end: number): number {
  const limit = Math.min(end, view.byteLength);
  if (tiff + 8 > limit) return 1;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > limit) return 1;
  const count = view.getUint16(ifd, little);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > limit) return 1;
    if (view.getUint16(entry, little) !== 0x0112) continue;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}
