import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../lib/client-error-reporter';

interface State {
  failed: boolean;
}

/**
 * The last line of defence around the providers (route errors are caught by the router's own
 * boundary). Plain markup: the theme itself may be what failed.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const withStack = error instanceof Error ? error : new Error(String(error));
    if (info.componentStack) withStack.cause = info.componentStack;
    reportClientError(withStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32, maxWidth: 640 }}>
        <h1>Something went wrong</h1>
        <p>Flowline could not continue. The problem has been reported; please reload the page.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
}
