import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { PublicUser } from '../../contract/user';
import { routes } from '../../client/app/router';
import { routerOptions } from '../../client/app/router-options';
import { createQueryClient } from '../../client/lib/query-client';
import { SessionProvider } from '../../client/lib/session/session-provider';

export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | { status: number; text: string };
type Handler = (call: FetchCall) => Reply | undefined;

export const testUser: PublicUser = {
  id: 'u1',
  email: 'ada@example.com',
  role: 'user',
  nickname: 'ada',
  activeNickname: null,
  roomId: null,
  shareReads: true,
};

/**
 * Replaces fetch with a fake API. `handle` answers the calls a test cares about; the session
 * check answers `user` (401 when null) and anything else is a 404, like a worker without it.
 */
export function fakeApi(user: PublicUser | null, handle: Handler = () => undefined) {
  const calls: FetchCall[] = [];
  // The app asks about a session only where one may exist (client/lib/session/session-hint.ts).
  if (user) window.localStorage.setItem('sessionHint', '1');
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      path: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const reply: Reply =
      handle(call) ??
      (call.path === '/api/auth/login/current'
        ? user
          ? { status: 200, body: { user } }
          : { status: 401, body: { error: 'Not authenticated' } }
        : { status: 404, body: { error: 'Not found' } });
    const text = 'text' in reply ? reply.text : JSON.stringify(reply.body ?? {});
    return new Response(text, { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * Mounts the real route table at `path`, as the browser would after loading that address; with
 * `state`, as if the app itself had navigated there with that history state.
 */
export function renderApp(path: string, state?: unknown) {
  const url = new URL(path, 'http://localhost');
  const entry = { pathname: url.pathname, search: url.search, state };
  return renderRouter(createMemoryRouter(routes, { initialEntries: [entry] }));
}

/**
 * Mounts `element` alone as the page at `path`, matched by the route `pattern` (its params
 * readable with useParams), inside the app's providers, as the chat route composes pieces in.
 */
export function renderAt(pattern: string, path: string, element: ReactNode) {
  return renderRouter(createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] }));
}

function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  const queryClient = createQueryClient();
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {/* What react-router/dom's RouterProvider adds; imported here to avoid its CJS copy. */}
          <RouterProvider
            router={router}
            flushSync={(fn) => void flushSync(fn)}
            {...routerOptions}
          />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

/** Runs `test` with the small-screen media query (max-width: 600px) matching, as on a phone. */
export async function onSmallScreen(test: () => Promise<void>) {
  const wide = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('600px') });
  try {
    await test();
  } finally {
    window.matchMedia = wide;
  }
}
