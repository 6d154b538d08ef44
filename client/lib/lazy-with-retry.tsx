import { lazy, type ComponentProps, type ComponentType } from 'react';

/** How to load again each lazy component whose import failed since the last retry. */
const failed = new Set<() => void>();

/**
 * React.lazy that can try again. React.lazy keeps a failed import's rejection for good, so a
 * chunk that failed once (the network dropped during the start) would fail every later render
 * too, and 'Try Again' could never succeed. Here retryFailedImports() drops the remembered
 * failure: the next render imports the chunk afresh (browsers fetch a module again once its
 * fetch has failed). Only on that call, never on the failure itself: React renders a failed
 * component again before showing its error, and a fresh import then would load in a loop.
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
        throw error;
      }),
    );
  let current = fresh();
  function Retrying(props: ComponentProps<T>) {
    const Current = current;
    return <Current {...props} />;
  }
  return Retrying;
}

/** Called by an error screen's retry: the lazy components that failed import again. */
export function retryFailedImports(): void {
  for (const renew of failed) renew();
  failed.clear();
}
