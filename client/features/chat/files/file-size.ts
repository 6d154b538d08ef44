import { FILE_MAX_BYTES } from '../../../../contract/files';

/**
 * A size as people read it: '512 B', '4.2 KB', '380 KB', '2.5 MB'. Units of 1,024, as the
 * server counts its '10 MB' limit.
 */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} ${unit}`;
}

/** The server's 413 in its own words, so a file refused here reads as it would there. */
export const FILE_TOO_LARGE = `File is larger than ${fileSize(FILE_MAX_BYTES)}`;
