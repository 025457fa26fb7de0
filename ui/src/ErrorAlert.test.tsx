import { screen } from '@testing-library/react';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { ErrorAlert } from './ErrorAlert';

initUiTestI18n();

describe('ErrorAlert', () => {
  it('says what failed and asks again on Reintentar', async () => {
    const onRetry = jest.fn();
    const { user } = renderPage(<ErrorAlert onRetry={onRetry}>No se han podido cargar.</ErrorAlert>);
    expect(screen.getByRole('alert')).toHaveTextContent('No se han podido cargar.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry when the page cannot ask again', () => {
    renderPage(<ErrorAlert>Sin permiso.</ErrorAlert>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
