import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface State {
  failed: boolean;
  error: unknown;
}

/**
 * The error screen for what runs outside the router, as a route's errorElement is inside it: the
 * signed-out screens, and the signed-in app while its code loads.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
