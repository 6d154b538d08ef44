import { Component, type ReactNode } from 'react';
import { ChunkLoadError, retryFailedImports } from '../../lib/lazy-with-retry';

interface QuietBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children while they cannot be (nothing by default). */
  fallback?: ReactNode;
  /** A new value tries the children again: a new press of the button that asked for them. */
  retryKey?: unknown;
  /**
   * Whether the browser coming back online tries them again (by default). Not for what opens
   * itself once loaded (help, the phone's menu): it would pop up minutes after the press that
   * failed; those try again at the next press (`retryKey`).
   */
  retryWhenOnline?: boolean;
}

interface QuietBoundaryState {
  failed: boolean;
  /** What it caught: only a chunk's failure to load stays quiet (render rethrows the rest). */
  error: unknown;
  /** The retryKey of the last render, to see it change. */
  key: unknown;
}

/**
 * When a piece that failed while the browser said it was online is tried again by itself: no
 * `online` event comes then (a server or proxy dropped, not the device's link). Bounded, so a
 * chunk that is gone for good (a newer build, which stale-build.ts handles) is not asked for the
 * whole session.
 */
const RETRY_DELAYS_MS = [2_000, 8_000, 30_000];

/**
 * Around a lazily loaded piece that the page can do without for a while (the toast host, a menu,
 * a dialog): its chunk failing to load, as it does when the network drops during the start,
 * puts `fallback` in its place instead of taking the whole app down with it. The piece is tried
 * again when the browser is back online (or, failed while online, after a few seconds), or when
 * `retryKey` changes. Use with lazyWithRetry,
 * whose failed imports retryFailedImports() starts afresh. Any other error is the app's own
 * bug: it goes on to the boundary above, as it did before, never hidden here.
 */
export class QuietBoundary extends Component<QuietBoundaryProps, QuietBoundaryState> {
  state: QuietBoundaryState = { failed: false, error: null, key: this.props.retryKey };
  /** Retries made by the clock since the piece last loaded or the network came back. */
  private timedRetries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<QuietBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: QuietBoundaryProps,
    state: QuietBoundaryState,
  ): Partial<QuietBoundaryState> | null {
    if (props.retryKey === state.key) return null;
    if (state.failed) retryFailedImports();
    return { failed: false, error: null, key: props.retryKey };
  }

  componentDidCatch(error: unknown) {
    if (!(error instanceof ChunkLoadError)) return;
    console.warn('A part of the page could not be loaded', error);
    if (!(this.props.retryWhenOnline ?? true)) return;
    window.addEventListener('online', this.retryOnline);
    const delay = RETRY_DELAYS_MS[this.timedRetries];
    if (navigator.onLine && delay !== undefined) {
      this.timedRetries += 1;
      this.retryTimer = setTimeout(this.retry, delay);
    }
  }

  componentWillUnmount() {
    this.stopWaiting();
  }

  private stopWaiting() {
    window.removeEventListener('online', this.retryOnline);
    clearTimeout(this.retryTimer);
  }

  private retryOnline = () => {
    this.timedRetries = 0;
    this.retry();
  };

  private retry = () => {
    this.stopWaiting();
    retryFailedImports();
    this.setState({ failed: false, error: null });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    if (!(this.state.error instanceof ChunkLoadError)) throw this.state.error;
    return this.props.fallback ?? null;
  }
}
