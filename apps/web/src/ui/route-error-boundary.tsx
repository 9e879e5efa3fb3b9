import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './route-error-page';

interface Props {
  /** Changes with the address, so leaving a broken page shows the next one afresh. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedKey: string | null;
}

/** Catches a page that fails to render or whose code fails to load, inside the site layout. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.failedKey === null) return { failedKey: props.resetKey };
    return state.failedKey === props.resetKey ? null : { error: null, failedKey: null };
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteErrorPage error={this.state.error} />
    );
  }
}
