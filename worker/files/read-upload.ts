/**
 * The uploaded file out of its multipart body, never much more than FILE_MAX_BYTES of it read:
 * the body limit checks Content-Length first when there is one, and otherwise counts the bytes
 * as they come; the file itself is measured once parsed. A too large file is a person's
 * mistake, not an attack: answered 413 in words, and not logged as a hostile body.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FILE_MAX_BYTES } from '../../contract/files';
import type { AppEnv } from '../app-env';
import { ApiError } from '../http/api-error';

export const FILE_TOO_LARGE = 'File is larger than 10 MB';
const NOT_A_FORM = 'Send the file as multipart/form-data, in one field named "file"';

/** Room for the multipart framing around the file: boundaries and the part's headers. */
const FORM_OVERHEAD = 16 * 1024;

/** The upload route's path, which the API's 16 KB body limit leaves to `uploadBodyLimit`. */
export const isUploadRequest = (method: string, path: string) =>
  method === 'POST' && /^\/api\/rooms\/[^/]+\/files$/.test(path);

export const uploadBodyLimit = bodyLimit({
  maxSize: FILE_MAX_BYTES + FORM_OVERHEAD,
  onError: (c) => c.json({ error: FILE_TOO_LARGE }, 413),
});

/** The one `file` field's name and bytes; 400 without one, 413 when it is too large. */
export async function readUpload(
  c: Context<AppEnv>,
): Promise<{ name: string; bytes: Uint8Array } | Response> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new ApiError(400, NOT_A_FORM);
  }
  const fields = form.getAll('file');
  const file = fields[0];
  if (fields.length !== 1 || typeof file === 'string' || file === undefined) {
    throw new ApiError(400, NOT_A_FORM);
  }
  if (file.size > FILE_MAX_BYTES) return c.json({ error: FILE_TOO_LARGE }, 413);
  if (file.size === 0) throw new ApiError(400, 'The file is empty');
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
