import type { UploadedFile } from '../../../../contract/files';
import type { RefusalCode } from '../../../../contract/realtime';

/**
 * A send refused with `file_not_found`: its files cannot go again (an upload not sent within
 * UPLOAD_UNSENT_MAX_MS is refused, and the hourly clean-up removes it), so they do not come
 * back to the strip; the person is told which, to attach them again.
 */
export const filesGone = (code: RefusalCode | undefined) => code === 'file_not_found';

/** Which files are gone, by name, and what to do: the sentence after 'Not sent: '. */
export function filesGoneText(files: readonly UploadedFile[]): string {
  const names = files.map((file) => file.name);
  const last = names.pop() ?? 'The attached file';
  const list = names.length > 0 ? `${names.join(', ')} and ${last}` : last;
  const [verb, them] = names.length > 0 ? ['are', 'them'] : ['is', 'it'];
  return `${list} ${verb} no longer on the server (an upload not sent within a day is removed). Attach ${them} again.`;
}
