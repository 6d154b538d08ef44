import { FILE_MAX_BYTES, IMAGE_MAX_SIDE, isImageType } from '../../../../contract/files';
import { FILE_TOO_LARGE } from './file-size';
import { jpegOrientation } from './jpeg-orientation';

export type Prepared = { ok: true; file: File } | { ok: false; error: string };

/**
 * What a photo is encoded as when it is drawn again. PNG becomes WebP, which keeps its
 * transparency at a fraction of the size. GIF is never drawn again: it would lose its frames.
 */
const REDRAWN_AS: Record<string, string> = {
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
  'image/png': 'image/webp',
  // The server removes metadata from the four image types alone: an iPhone's HEIC (or a TIFF,
  // an AVIF) would be stored as it came, its GPS position with it. These are always drawn
  // again, which keeps none of it, and arrive as a photo the others see inline.
  'image/heic': 'image/jpeg',
  'image/heif': 'image/jpeg',
  'image/tiff': 'image/jpeg',
  'image/avif': 'image/webp',
};
const QUALITY = 0.9;
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/png': 'png',
};

/**
 * A file as it will be uploaded. A photo wider or taller than IMAGE_MAX_SIDE is scaled down
 * to fit, a JPEG that leans on its Exif orientation (which the server removes) is drawn
 * upright, and a photo in a format the server cannot clean is drawn as it is; each is encoded
 * again at good quality. Everything else goes as it is. A file still over FILE_MAX_BYTES is
 * refused here, in the server's words.
 */
export async function prepareFile(file: File): Promise<Prepared> {
  const ready = (await redrawn(file)) ?? file;
  if (ready.size > FILE_MAX_BYTES) return { ok: false, error: FILE_TOO_LARGE };
  return { ok: true, file: ready };
}

/** The photo drawn again, or null when it is fine as it is (or the browser cannot draw it). */
async function redrawn(file: File): Promise<File | null> {
  const target = REDRAWN_AS[file.type];
  if (!target || typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Not a picture this browser decodes: the server decides what it is.
    return null;
  }
  try {
    const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const turned = file.type === 'image/jpeg' && (await jpegOrientation(file)) !== 1;
    if (scale === 1 && !turned && isImageType(file.type)) return null;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, target, QUALITY),
    );
    // A browser that cannot encode WebP answers PNG: still scaled, still fine.
    if (!blob) return null;
    const name = blob.type === file.type ? file.name : renamed(file.name, blob.type);
    return new File([blob], name, {
      type: blob.type,
      lastModified: file.lastModified,
    });
  } finally {
    bitmap.close();
  }
}

/** 'holiday.PNG' encoded again as WebP is 'holiday.webp'. */
function renamed(name: string, type: string) {
  const extension = EXTENSIONS[type];
  if (!extension) return name;
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base}.${extension}`;
}
