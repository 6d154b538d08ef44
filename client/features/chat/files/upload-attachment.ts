import { isImageType } from '../../../../contract/files';
import { prepareFile } from './prepare-file';
import type { Attachment, AttachmentJob } from './attachment';
import { uploadFile } from './upload-file';

/**
 * One attachment on its way: prepared once (prepare-file.ts: scaled, or refused as too
 * large), then uploaded (upload-file.ts), each step told through `report`. Imported when the
 * first file is attached (use-attachments.ts), so the chat loads without this code.
 */
export async function sendAttachment(
  roomId: string,
  job: AttachmentJob,
  report: (change: Partial<Attachment>) => void,
  current: () => boolean,
): Promise<void> {
  if (!job.ready) {
    if (!job.source) return;
    const prepared = await prepareFile(job.source);
    if (!current()) return;
    if (!prepared.ok) return report({ status: 'failed', error: prepared.error, retryable: false });
    job.ready = prepared.file;
    if (isImageType(job.ready.type)) job.preview = URL.createObjectURL(job.ready);
    const { size, type } = job.ready;
    report({ size, type, preview: job.preview ?? null });
  }
  report({ status: 'uploading', progress: 0 });
  const upload = uploadFile(roomId, job.ready, job.ready.name, (progress) => report({ progress }));
  job.abort = upload.abort;
  const outcome = await upload.done;
  job.abort = undefined;
  report(
    outcome.ok
      ? { status: 'uploaded', progress: 100, size: outcome.file.size, uploaded: outcome.file }
      : { status: 'failed', error: outcome.error, retryable: true },
  );
}
