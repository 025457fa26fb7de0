import { act, fireEvent, screen } from '@testing-library/react';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { SearchField } from './SearchField';

initUiTestI18n();

describe('SearchField', () => {
  it('reports the trimmed text once typing pauses, not per key', () => {
    jest.useFakeTimers();
    try {
      const onChange = jest.fn();
      renderPage(<SearchField value="" onChange={onChange} />);
      const box = screen.getByRole('searchbox', { name: 'Buscar' });
      fireEvent.change(box, { target: { value: '  a' } });
      act(() => jest.advanceTimersByTime(200));
      fireEvent.change(box, { target: { value: '  ana ' } });
      act(() => jest.advanceTimersByTime(200));
      expect(onChange).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(100));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith('ana');
    } finally {
      jest.useRealTimers();
    }
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
