/** Uploading and fetching files as a member's browser does (multipart, the app's origin). */
import { env, SELF } from 'cloudflare:test';
import { ORIGIN, type ApiResult, type Client } from './api';

export interface UploadOptions {
  /** The name the browser gives the file. */
  name?: string;
  /** The type the browser claims (never believed). */
  claimedType?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  /** The body as sent, instead of a form with `bytes` as its one `file` field. */
  body?: BodyInit;
}

function callerHeaders(client: Client, origin: string | null | undefined, extra = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': client.ip, ...extra };
  if (client.cookie) headers.Cookie = client.cookie;
  if (origin !== null) headers.Origin = origin ?? ORIGIN;
  return headers;
}

export async function upload(
  client: Client,
  roomId: string,
  bytes: Uint8Array | string,
  options: UploadOptions = {},
): Promise<ApiResult> {
  let body = options.body;
  if (body === undefined) {
    const form = new FormData();
    const file = new File([bytes], options.name ?? 'file.bin', { type: options.claimedType ?? '' });
    form.append('file', file);
    body = form;
  }
  const response = await SELF.fetch(`${ORIGIN}/api/rooms/${roomId}/files`, {
    method: 'POST',
    headers: callerHeaders(client, options.origin, options.headers),
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, headers: response.headers };
}

/** Uploads and expects a 201; answers the file's id. */
export async function uploaded(
  client: Client,
  roomId: string,
  bytes: Uint8Array | string,
  options?: UploadOptions,
): Promise<string> {
  const result = await upload(client, roomId, bytes, options);
  if (result.status !== 201)
    throw new Error(`upload failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.id as string;
}

/** GET (or HEAD) /api/files/:id as `client` (or signed out with null). */
export function fetchFile(
  client: Client | null,
  id: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = client
    ? callerHeaders(client, null, init.headers)
    : { 'CF-Connecting-IP': '2001:db8:ffff::1', ...init.headers };
  return SELF.fetch(`${ORIGIN}/api/files/${id}`, { method: init.method ?? 'GET', headers });
}

export async function fileBytes(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

/** The file's row and whether its object is still in R2. */
export async function stored(id: string) {
  const row = await env.DB.prepare('SELECT * FROM files WHERE id = ?')
    .bind(id)
    .first<{ room_id: string; uploader_id: string | null; message_id: number | null }>();
  const roomId = row?.room_id;
  return { row, roomId };
}

export const objectKey = (roomId: string, id: string) => `rooms/${roomId}/${id}`;

export async function objectExists(roomId: string, id: string): Promise<boolean> {
  return (await env.FILES.head(objectKey(roomId, id))) !== null;
}
