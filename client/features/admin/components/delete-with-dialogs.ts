import { errorText } from '../../../lib/api-client';

interface DeletionDialogs {
  /** Asked before anything is deleted. */
  question: string;
  /** Said when the deletion went through. */
  done: string;
  /** Said when it did not and the server gave no reason of its own. */
  failed: string;
}

/**
 * An admin deletion with the browser's own dialogs (spec): it asks first, since nothing brings
 * the row back, and then says how it went either way. Resolves to whether it was deleted.
 */
export async function deleteWithDialogs(
  remove: () => Promise<unknown>,
  { question, done, failed }: DeletionDialogs,
) {
  if (!window.confirm(question)) return false;
  try {
    await remove();
    window.alert(done);
    return true;
  } catch (failure) {
    window.alert(errorText(failure, failed));
    return false;
  }
}
