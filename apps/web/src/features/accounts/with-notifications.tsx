import { App } from 'antd';
import type { ComponentType } from 'react';

/**
 * Wraps a signed-out screen in antd's App, for its error notifications. App is not in the
 * providers: the sign-in screen would load it for nothing (see providers.tsx).
 */
export function withNotifications<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithNotifications(props: P) {
    return (
      <App component={false}>
        <Screen {...props} />
      </App>
    );
  };
}
