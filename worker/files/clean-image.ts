/** The image formats' metadata removal in one call, by the type sniffed from the bytes. */
import type { FileType } from './sniff-type';
import { cleanGif } from './gif-metadata';
import type { CleanImage } from './image-bytes';
import { cleanJpeg } from './jpeg-metadata';
import { cleanPng } from './png-metadata';
import { cleanWebp } from './webp-metadata';

const cleaners: Partial<Record<FileType, (bytes: Uint8Array) => CleanImage>> = {
  'image/jpeg': cleanJpeg,
  'image/png': cleanPng,
  'image/webp': cleanWebp,
  'image/gif': cleanGif,
};

/** An image's bytes without metadata and its size; other types' bytes as they came. */
export function cleanFile(
  type: FileType,
  bytes: Uint8Array,
): Partial<CleanImage> & { bytes: Uint8Array } {
  const clean = cleaners[type];
  return clean ? clean(bytes) : { bytes };
}
