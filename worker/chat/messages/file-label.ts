import { isImageType, type MessageFile } from '../../../contract/files';

/**
 * How a message's files read where only words fit (the room list's excerpt, a reply's quote):
 * 'Photo', '3 photos', or 'File: report.pdf'.
 */
export function filesLabel(files: readonly MessageFile[]): string {
  const other = files.find((file) => !isImageType(file.type));
  if (other) return `File: ${other.name}`;
  return files.length === 1 ? 'Photo' : `${files.length} photos`;
}
