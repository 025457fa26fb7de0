import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@gestion/shared/testing';
import { initUiTestI18n } from './testing';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormSelectField, SelectField } from './SelectField';

initUiTestI18n();

const options = [
  { value: 'a', label: 'Opción A' },
  { value: 'b', label: 'Opción B' },
];

describe('SelectField', () => {
  it('lists its options under its label and reports the value picked', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderPage(
      <SelectField
        label="Tipo"
        value="a"
        options={options}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Opción A', 'Opción B']);
    await user.click(within(listbox).getByRole('option', { name: 'Opción B' }));
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('shows the error instead of the hint and marks the field invalid', () => {
    const { rerender } = renderPage(
      <SelectField label="Tipo" value="a" options={options} helperText="Una pista" />,
    );
    expect(screen.getByText('Una pista')).toBeInTheDocument();
    rerender(
      <SelectField label="Tipo" value="a" options={options} helperText="Una pista" error="Falta" />,
    );
    expect(screen.getByText('Falta')).toBeInTheDocument();
    expect(screen.queryByText('Una pista')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('binds to a form field: its value, its change and its error message', async () => {
    const user = userEvent.setup();
    let read: () => string = () => '';
    function Form() {
      const { control, getValues, setError } = useForm<{ tipo: string }>({
        defaultValues: { tipo: 'a' },
      });
      read = () => getValues('tipo');
      useEffect(() => setError('tipo', { message: 'No vale' }), [setError]);
      return <FormSelectField control={control} name="tipo" label="Tipo" options={options} />;
    }
    renderPage(<Form />);
    const field = screen.getByRole('combobox', { name: 'Tipo' });
    expect(await screen.findByText('No vale')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(field);
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Opción B' }),
    );
    expect(read()).toBe('b');
  });
});
