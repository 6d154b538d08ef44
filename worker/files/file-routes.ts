/**
 * Files in rooms (docs/files.md): `POST /api/rooms/:roomId/files` takes one upload, multipart
 * with one `file` field, and answers 201 with what a message will carry; `GET /api/files/:id`
 * serves it to the room's members. Mounted at /api.
 */
import { Hono } from 'hono';
import type { UploadedFile } from '../../contract/files';
import type { AppEnv } from '../app-env';
import { requireUser } from '../auth/require-user';
import { ApiError } from '../http/api-error';
import { cleanFile } from './clean-image';
import { findReadableFile, requireUploader, signedInOr404 } from './file-access';
import { cleanFileName } from './file-name';
import { UnreadableImage } from './image-bytes';
import { readUpload, uploadBodyLimit } from './read-upload';
import { serveFile } from './serve-file';
import { sniffType } from './sniff-type';
import { storeUpload } from './store-upload';

export const fileRoutes = new Hono<AppEnv>()
  .post('/rooms/:roomId/files', requireUser, requireUploader, uploadBodyLimit, async (c) => {
    const upload = await readUpload(c);
    if (upload instanceof Response) return upload;
    const type = sniffType(upload.bytes);
    let clean;
    try {
      clean = cleanFile(type, upload.bytes);
    } catch (error) {
      if (error instanceof UnreadableImage) {
        throw new ApiError(400, 'This image could not be read. It may be damaged.');
      }
      throw error;
    }
    const stored = await storeUpload(c, c.req.param('roomId'), {
      ...clean,
      name: cleanFileName(upload.name),
      type,
    });
    return c.json(stored satisfies UploadedFile, 201);
  })
  .get('/files/:id', signedInOr404, async (c) => {
    const file = await findReadableFile(c, c.req.param('id'), c.var.user.id);
    return serveFile(c, file);
  });
