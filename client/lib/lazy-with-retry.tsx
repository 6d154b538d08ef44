import { lazy, type ComponentProps, type ComponentType } from 'react';

/** How to load again each lazy component whose import failed since the last retry. */
const failed = new Set<() => void>();

/**
 * A lazy component's chunk that could not be loaded (the network dropped): what QuietBoundary
 * keeps quiet. Any other error is a bug of the app's, which it passes on.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * React.lazy that can try again. React.lazy keeps a failed import's rejection for good, so a
 * chunk that failed once (the network dropped during the start) would fail every later render
 * too, and 'Try Again' could never succeed. Here retryFailedImports() drops the remembered
 * failure: the next render imports the chunk afresh (Chromium fetches a module again once its
 * fetch has failed; a browser that remembers the failure has Vite announce it, and
 * stale-build.ts loads the page again). Only on that call, never on the failure itself: React
 * renders a failed component again before showing its error, and a fresh import then would
 * load in a loop.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazyWithRetry<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const renew = () => {
    current = fresh();
  };
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed.add(renew);
        throw new ChunkLoadError(error);
      }),
    );
  let current = fresh();
  function Retrying(props: ComponentProps<T>) {
    const Current = current;
    return <Current {...props} />;
  }
  return Retrying;
}

/**
 * Called by an error screen's retry or a QuietBoundary's: the lazy components that failed import
 * again, and the stylesheets that failed to load are asked for again.
 */
export function retryFailedImports(): void {
  for (const renew of failed) renew();
  failed.clear();
  retryFailedStylesheets();
}

/** Stylesheet links whose load failed, since the last retry. */
const failedStylesheets = new Set<HTMLLinkElement>();

// A link's load error does not bubble, but the capture phase sees it. Not `link.sheet`: in
// Chromium a link that failed has one too (its rules unreadable).
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    ({ target }) => {
      if (target instanceof HTMLLinkElement && target.rel === 'stylesheet') {
        failedStylesheets.add(target);
      }
    },
    true,
  );
}

/**
 * Vite adds a chunk's stylesheet as a <link> once per page and, asked again after the link
 * failed (offline), answers from its memory without a new one: the styles would never come. So
 * a fresh link takes the place of each one that failed (should it fail too, it is noted again).
 */
export function retryFailedStylesheets(): void {
  for (const link of failedStylesheets) {
    if (link.isConnected) link.replaceWith(link.cloneNode());
  }
  failedStylesheets.clear();
}
