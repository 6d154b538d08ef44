/**
 * Files shared in a room: uploaded over HTTP (`POST /api/rooms/:roomId/files`, multipart with
 * one `file` field), then named by id in a `sendMessage`'s `files`; served at `/api/files/:id`
 * to the room's members. The server decides the type from the bytes, and removes location and
 * other metadata from photos before it stores them.
 */
import { z } from 'zod';

/** The largest file one upload takes. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The most files one message carries. */
export const FILES_PER_MESSAGE = 4;
/** A file's name as shown: at most this many characters once cleaned. */
export const FILE_NAME_MAX = 100;
/** Photos wider or taller than this are scaled down by the browser before upload. */
export const IMAGE_MAX_SIDE = 2048;
/** A send may name an upload this long after it was made; later it is refused. */
export const UPLOAD_UNSENT_MAX_MS = 22 * 60 * 60 * 1000;
/**
 * The hourly clean-up removes uploads still unsent this long after they were made, so within
 * a day. The hour after the send window ends covers the room's summary flush, which tells D1
 * (a few seconds after the send) that the file was sent.
 */
export const UPLOAD_REMOVED_AFTER_MS = 23 * 60 * 60 * 1000;

/** The types shown inline as images; anything else is a download. */
export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const downloadTypes = ['application/pdf', 'text/plain', 'application/octet-stream'] as const;

/** An upload's answer (201), and a file as a message carries it (with its `url`). */
export const uploadedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const messageFileSchema = uploadedFileSchema.extend({ url: z.string() });
export type MessageFile = z.infer<typeof messageFileSchema>;

export const fileUrl = (id: string) => `/api/files/${id}`;

export const isImageType = (type: string) => (imageTypes as readonly string[]).includes(type);

/**
 * How a message's files read where only words fit (the room list's excerpt, a reply's quote, a
 * notification): 'Photo', '3 photos', or 'File: report.pdf'; nothing for no files.
 */
export function filesLabel(files: readonly { name: string; type: string }[]): string {
  if (files.length === 0) return '';
  const other = files.find((file) => !isImageType(file.type));
  if (other) return `File: ${other.name}`;
  return files.length === 1 ? 'Photo' : `${files.length} photos`;
}
