/**
 * A stored file as the browser gets it. Only the four image types are shown inline, with the
 * type sniffed at upload; everything else is a download. Every answer forbids sniffing and
 * runs in a sandbox with nothing allowed, so even a file opened by hand (a text file, a PDF)
 * can never act as a page of the app. Ranges are read from R2 alone.
 */
import type { Context } from 'hono';
import { isImageType } from '../../contract/files';
import type { AppEnv } from '../app-env';
import type { FileRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { parseRange } from './byte-range';
import { FILE_NOT_FOUND } from './file-access';
import { fileKey } from './file-key';

/** RFC 8187's encoding of a name for `filename*`: percent-encoded UTF-8. */
const encodeName = (name: string) =>
  encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function fileHeaders(file: FileRow, etag: string): Headers {
  const inline = isImageType(file.type);
  return new Headers({
    // Checked as UTF-8 at upload (sniff-type.ts), so the charset is known, not guessed.
    'Content-Type': file.type === 'text/plain' ? 'text/plain; charset=utf-8' : file.type,
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeName(file.name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    // Kept by the browser alone, and asked again (If-None-Match, a 304) each time it is shown:
    // a file deleted, or a member removed, answers 404 from then on.
    'Cache-Control': 'private, no-cache',
    ETag: etag,
    'Accept-Ranges': 'bytes',
  });
}

export async function serveFile(c: Context<AppEnv>, file: FileRow): Promise<Response> {
  // A file's bytes never change under its id, so the id is a strong validator.
  const etag = `"${file.id}"`;
  const headers = fileHeaders(file, etag);
  const ifNoneMatch = c.req.header('If-None-Match');
  // If-None-Match compares weakly (RFC 9110 13.1.2): a cache or proxy that weakened the tag
  // (W/"…", as some do when they compress) still gets its 304. If-Range below stays strong.
  const matches = (tag: string) => tag === '*' || tag.replace(/^W\//, '') === etag;
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => matches(tag.trim()))) {
    return new Response(null, { status: 304, headers });
  }
  const ifRange = c.req.header('If-Range');
  const range = !ifRange || ifRange === etag ? parseRange(c.req.header('Range'), file.size) : null;
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const key = fileKey(file.roomId, file.id);
  const status = range ? 206 : 200;
  if (range) {
    headers.set(
      'Content-Range',
      `bytes ${range.offset}-${range.offset + range.length - 1}/${file.size}`,
    );
  }
  headers.set('Content-Length', String(range ? range.length : file.size));
  if (c.req.method === 'HEAD') {
    if (!(await c.env.FILES.head(key))) throw new ApiError(404, FILE_NOT_FOUND);
    return new Response(null, { status, headers });
  }
  const object = await c.env.FILES.get(key, range ? { range } : {});
  if (!object) throw new ApiError(404, FILE_NOT_FOUND);
  return new Response(object.body, { status, headers });
}
