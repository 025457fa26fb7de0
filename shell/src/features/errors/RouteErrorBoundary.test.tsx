import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { RouteErrorBoundary } from './RouteErrorBoundary';

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('route error boundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows the generic 500 page for an unexpected error', () => {
    renderWithProviders(
      <RouteErrorBoundary>
        <Throws error={new Error('boom')} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByTestId('error-status-code')).toHaveTextContent('500');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('reloads the page on a chunk-load error', () => {
    const reload = jest.fn(() => true);
    const chunk = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    renderWithProviders(
      <RouteErrorBoundary reload={reload}>
        <Throws error={chunk} />
      </RouteErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
