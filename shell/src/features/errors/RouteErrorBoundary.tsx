import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppError } from '@gestion/shared';
import { isChunkLoadError, reloadOnce } from '../releases/chunk-reload';
import { ErrorPage } from './ErrorPage';

interface Props {
  children: ReactNode;
  /** Injected in tests. */
  reload?: () => boolean;
}

interface State {
  error: AppError | null;
}

/**
 * Around every page (DESIGN.md §5): a page — or a whole remote — that throws shows the error
 * page while the layout and the rest of the app keep working. A chunk that failed to load
 * reloads the page once (SPEC §9). Keyed by the path by its parent, so navigating resets it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    if (error instanceof AppError) return { error };
    return { error: new AppError({ statusCode: 500, statusMessage: 'Error', data: error }) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) {
      const reloaded = (this.props.reload ?? (() => reloadOnce()))();
      if (reloaded) return;
    }
    if (!(error instanceof AppError) || error.statusCode >= 500) {
      console.error('Error al mostrar la página', error, info.componentStack);
    }
  }

  override render() {
    const { error } = this.state;
    if (error) return <ErrorPage error={error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
