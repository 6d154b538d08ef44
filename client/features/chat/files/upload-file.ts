import { uploadedFileSchema, type UploadedFile } from '../../../../contract/files';
import { bookmarkHeader, rememberBookmark } from '../../../lib/d1-bookmark';
import { FILE_TOO_LARGE } from './file-size';

export type UploadOutcome =
  { ok: true; file: UploadedFile } | { ok: false; error: string; cancelled?: true };

export interface Upload {
  done: Promise<UploadOutcome>;
  abort: () => void;
}

/** An upload that sends nothing and hears nothing for this long has stalled: it fails. */
export const UPLOAD_STALL_MS = 60_000;
export const UPLOAD_CANCELLED = 'Upload cancelled';
export const UPLOAD_STALLED = 'The upload stalled. Check your connection and try again.';
export const UPLOAD_OFFLINE = 'Could not upload. Check your connection and try again.';

/**
 * One file to `POST /api/rooms/:roomId/files` (multipart, one `file` field) with
 * XMLHttpRequest, the one browser API that reports an upload's progress (fetch does not).
 * Same origin, so the session cookie goes with it. Resolves with the server's answer or its
 * `error` in words; never rejects.
 */
export function uploadFile(
  roomId: string,
  file: Blob,
  name: string,
  onProgress: (percent: number) => void,
): Upload {
  const xhr = new XMLHttpRequest();
  let settle: (outcome: UploadOutcome) => void = () => {};
  const done = new Promise<UploadOutcome>((resolve) => (settle = resolve));
  let stall: ReturnType<typeof setTimeout> | undefined;
  let stalled = false;
  const finish = (outcome: UploadOutcome) => {
    clearTimeout(stall);
    settle(outcome);
  };
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => {
      stalled = true;
      xhr.abort();
    }, UPLOAD_STALL_MS);
  };

  xhr.open('POST', `/api/rooms/${encodeURIComponent(roomId)}/files`);
  xhr.withCredentials = true;
  xhr.setRequestHeader('Accept', 'application/json');
  for (const [header, value] of Object.entries(bookmarkHeader())) {
    xhr.setRequestHeader(header, value);
  }
  xhr.upload.onprogress = (event) => {
    watch();
    if (event.lengthComputable && event.total > 0) {
      onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    }
  };
  xhr.onprogress = watch;
  xhr.onload = () => {
    rememberBookmark({ headers: { get: (header) => xhr.getResponseHeader(header) } });
    finish(outcomeOf(xhr.status, xhr.responseText));
  };
  xhr.onerror = () => finish({ ok: false, error: UPLOAD_OFFLINE });
  xhr.ontimeout = xhr.onerror;
  xhr.onabort = () =>
    finish(
      stalled
        ? { ok: false, error: UPLOAD_STALLED }
        : { ok: false, error: UPLOAD_CANCELLED, cancelled: true },
    );

  const form = new FormData();
  form.append('file', file, name);
  watch();
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}

function outcomeOf(status: number, body: string): UploadOutcome {
  let data: unknown = null;
  try {
    data = body ? JSON.parse(body) : null;
  } catch {
    // A proxy's or a crash page's HTML: no words from the server.
  }
  if (status === 201 || status === 200) {
    const parsed = uploadedFileSchema.safeParse(data);
    return parsed.success
      ? { ok: true, file: parsed.data }
      : { ok: false, error: 'The upload was not understood. Try again.' };
  }
  const said = (data as { error?: unknown } | null)?.error;
  if (typeof said === 'string' && said.trim()) return { ok: false, error: said };
  if (status === 413) return { ok: false, error: FILE_TOO_LARGE };
  return { ok: false, error: `Upload failed (error ${status}). Try again.` };
}
