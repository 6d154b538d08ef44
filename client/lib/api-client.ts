/**
 * The one way the client talks to the API: base '/api', the session cookie sent, JSON in and
 * out. Every failure becomes an ApiError so that screens only need `errorText` to show the
 * server's words or the spec's fallback.
 */
import { bookmarkHeader, rememberBookmark } from './d1-bookmark';

const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  /** The server's `error` text, when the body had one. */
  readonly serverError: string | null;
  /** The whole answer, for errors that carry more than a sentence (a nickname conflict). */
  readonly body: unknown;

  constructor(status: number, serverError: string | null, body: unknown = null) {
    super(serverError ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverError = serverError;
    this.body = body;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy or a crash page can answer HTML; treat it as a body without data.
    return null;
  }
}

function serverErrorOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return null;
}

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { Accept: 'application/json', ...bookmarkHeader() }
        : { Accept: 'application/json', 'Content-Type': 'application/json', ...bookmarkHeader() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  rememberBookmark(response);
  const data = await readJson(response);
  if (!response.ok) throw new ApiError(response.status, serverErrorOf(data), data);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

/** What a screen shows for a failed call: the server's error text, else the spec's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverError ? error.serverError : fallback;
}
