import { act, screen } from '@testing-library/react';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { SearchField } from './SearchField';

initUiTestI18n();

describe('SearchField', () => {
  it('reports the trimmed text once typing pauses, not per key', async () => {
    const onChange = jest.fn();
    const { user } = renderPage(<SearchField value="" onChange={onChange} delayMs={50} />);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '  ana ');
    expect(onChange).not.toHaveBeenCalled();
    await act(() => new Promise((r) => setTimeout(r, 120)));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('ana');
  });

  it('shows a value set from outside (filters cleared) without reporting it back', async () => {
    const onChange = jest.fn();
    const { rerender } = renderPage(
      <SearchField label="Buscar eventos" value="feria" onChange={onChange} delayMs={20} />,
    );
    expect(screen.getByRole('searchbox', { name: 'Buscar eventos' })).toHaveValue('feria');
    rerender(<SearchField label="Buscar eventos" value="" onChange={onChange} delayMs={20} />);
    expect(screen.getByRole('searchbox', { name: 'Buscar eventos' })).toHaveValue('');
    await act(() => new Promise((r) => setTimeout(r, 60)));
    expect(onChange).not.toHaveBeenCalled();
  });
});
