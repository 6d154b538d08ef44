/**
 * An attachment as the composer's strip shows it, and what the upload keeps beside it: types
 * only, so the hook (use-attachments.ts) and the upload it imports on demand
 * (upload-attachment.ts) share them without importing each other.
 */
import type { UploadedFile } from '../../../../contract/files';

export interface Attachment {
  key: string;
  /** The name the person picked (a photo drawn again may upload under another extension). */
  name: string;
  /** The file as it goes: after scaling, once prepared. */
  size: number;
  type: string;
  /** An object URL of the photo for its thumbnail, revoked once it leaves the strip. */
  preview: string | null;
  status: 'preparing' | 'uploading' | 'uploaded' | 'failed';
  /** Percent sent, while uploading. */
  progress: number;
  error: string | null;
  /** Another try may mend the failure (a file too large stays too large). */
  retryable: boolean;
  uploaded: UploadedFile | null;
}

/** What the strip does not show of an attachment: its file, and how to stop its upload. */
export interface AttachmentJob {
  /** None for a file taken back from the outbox: uploaded already, it is never sent again. */
  source?: File;
  /** The file as it goes (scaled), once prepared. */
  ready?: File;
  /** The thumbnail's object URL. */
  preview?: string;
  abort?: () => void;
}
