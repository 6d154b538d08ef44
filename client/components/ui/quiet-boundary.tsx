import { Component, type ReactNode } from 'react';
import { retryFailedImports } from '../../lib/lazy-with-retry';

interface QuietBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children while they cannot be (nothing by default). */
  fallback?: ReactNode;
  /** A new value tries the children again: a new press of the button that asked for them. */
  retryKey?: unknown;
}

interface QuietBoundaryState {
  failed: boolean;
  /** The retryKey of the last render, to see it change. */
  key: unknown;
}

/**
 * Around a lazily loaded piece that the page can do without for a while (the toast host, a menu,
 * a dialog): its chunk failing to load, as it does when the network drops during the start,
 * puts `fallback` in its place instead of taking the whole app down with it. The piece is tried
 * again when the browser is back online, or when `retryKey` changes. Use with lazyWithRetry,
 * whose failed imports retryFailedImports() starts afresh.
 */
export class QuietBoundary extends Component<QuietBoundaryProps, QuietBoundaryState> {
  state: QuietBoundaryState = { failed: false, key: this.props.retryKey };

  static getDerivedStateFromError(): Partial<QuietBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: QuietBoundaryProps,
    state: QuietBoundaryState,
  ): Partial<QuietBoundaryState> | null {
    if (props.retryKey === state.key) return null;
    if (state.failed) retryFailedImports();
    return { failed: false, key: props.retryKey };
  }

  componentDidCatch(error: unknown) {
    window.addEventListener('online', this.retry);
    console.warn('A part of the page could not be loaded', error);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  private retry = () => {
    window.removeEventListener('online', this.retry);
    retryFailedImports();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
