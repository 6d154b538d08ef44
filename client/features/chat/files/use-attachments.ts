import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fileUrl,
  FILES_PER_MESSAGE,
  isImageType,
  type UploadedFile,
} from '../../../../contract/files';
import type { Attachment, AttachmentJob as Job } from './attachment';

/**
 * An attachment in the strip: one being sent (preparing) or one uploaded already (put back);
 * what the state does not say is empty (no thumbnail, error or upload yet).
 */
function newAttachment(
  key: string,
  { name, size, type }: { name: string; size: number; type: string },
  state: Pick<Attachment, 'status' | 'progress' | 'retryable'> & Partial<Attachment>,
): Attachment {
  return { key, name, size, type, preview: null, error: null, uploaded: null, ...state };
}

export const tooManyFiles = (left: number) =>
  `A message takes at most ${FILES_PER_MESSAGE} files: ${left === 1 ? '1 file was' : `${left} files were`} not attached.`;
export const UPLOADER_MISSING = 'Could not load the uploader. Check your connection and try again.';

/** Files taken by a send: the uploads, and what to do once the room has answered. */
export interface TakenFiles {
  files: UploadedFile[];
  /** Sent: their thumbnails are let go. */
  release: () => void;
  /** Refused: back in the strip (if there is room), to send again. */
  restore: () => void;
}

const revoke = (job: Job) => job.preview && URL.revokeObjectURL(job.preview);

/**
 * The files attached to the message being written. Each starts uploading as soon as it is
 * attached (use-attachments' one lazy import brings the code that prepares and uploads it),
 * at most FILES_PER_MESSAGE of them; each can be cancelled, retried or removed, and `take`
 * hands their ids to a send once every one is uploaded.
 */
export function useAttachments(roomId: string | undefined) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const jobs = useRef(new Map<string, Job>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const all = jobs.current;
    return () => {
      alive.current = false;
      for (const job of all.values()) {
        job.abort?.();
        revoke(job);
      }
      all.clear();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<Attachment>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    async (key: string) => {
      const job = jobs.current.get(key);
      if (!job || !roomId) return;
      const current = () => alive.current && jobs.current.get(key) === job;
      const report = (change: Partial<Attachment>) => {
        if (current()) update(key, change);
      };
      report({ status: job.ready ? 'uploading' : 'preparing', progress: 0, error: null });
      let upload: typeof import('./upload-attachment');
      try {
        upload = await import('./upload-attachment');
      } catch {
        return report({ status: 'failed', error: UPLOADER_MISSING, retryable: true });
      }
      if (current()) await upload.sendAttachment(roomId, job, report, current);
    },
    [roomId, update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      if (!roomId || files.length === 0) return;
      const taken = files.slice(0, Math.max(0, FILES_PER_MESSAGE - jobs.current.size));
      setNotice(taken.length < files.length ? tooManyFiles(files.length - taken.length) : null);
      const added = taken.map((file) => {
        const key = crypto.randomUUID();
        jobs.current.set(key, { source: file });
        return newAttachment(key, file, { status: 'preparing', progress: 0, retryable: true });
      });
      setItems((list) => [...list, ...added]);
      for (const { key } of added) void run(key);
    },
    [roomId, run],
  );

  const remove = useCallback((key: string) => {
    const job = jobs.current.get(key);
    if (!job) return;
    jobs.current.delete(key);
    job.abort?.();
    revoke(job);
    setItems((list) => list.filter((item) => item.key !== key));
    setNotice(null);
  }, []);

  /**
   * Files of a text the room refused after a reload, uploaded already: back in the strip as
   * they went (what fits of them), the photo's thumbnail being the upload itself.
   */
  const putBack = useCallback((files: readonly UploadedFile[]) => {
    const room = Math.max(0, FILES_PER_MESSAGE - jobs.current.size);
    const back = files.slice(0, room).map((file) => {
      const key = crypto.randomUUID();
      jobs.current.set(key, {});
      const preview = isImageType(file.type) ? fileUrl(file.id) : null;
      const done = { status: 'uploaded', progress: 100, retryable: false, preview } as const;
      return newAttachment(key, file, { ...done, uploaded: file });
    });
    setNotice(back.length < files.length ? tooManyFiles(files.length - back.length) : null);
    setItems((list) => [...list, ...back]);
  }, []);

  const cancel = useCallback((key: string) => jobs.current.get(key)?.abort?.(), []);
  const retry = useCallback((key: string) => void run(key), [run]);

  /** The uploaded files for a send, out of the strip; null unless every one is uploaded. */
  const take = (): TakenFiles | null => {
    if (items.length === 0 || items.some((item) => !item.uploaded)) return null;
    const held = new Map(jobs.current);
    jobs.current.clear();
    setItems([]);
    setNotice(null);
    const release = () => held.forEach(revoke);
    return {
      files: items.map((item) => item.uploaded!),
      release,
      restore: () => {
        if (!alive.current || jobs.current.size + held.size > FILES_PER_MESSAGE) return release();
        for (const [key, job] of held) jobs.current.set(key, job);
        setItems((list) => [...items, ...list]);
      },
    };
  };

  const busy = items.some((item) => item.status !== 'uploaded');
  return { items, notice, busy, add, putBack, remove, cancel, retry, take };
}
