import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DOMINIOS_PERMITIDOS_MAX, isValidDominio, normalizeDominio } from '@gestion/shared';
import { useAdminTexts } from '../../../i18n/namespace';

/** Several domains typed or pasted at once: "a.es, b.es" or "a.es b.es". */
const SEPARATORS = /[\s,;]+/u;

/**
 * The e-mail domains allowed to self-register (issue #13) as chips: type a domain and press
 * Enter (or paste several separated by commas or spaces). Each one is checked here with the
 * shared rule the api applies (`isValidDominio`), so a bad one is named under the field and
 * stays in the input to be corrected; `serverError` shows what the api still refused.
 * `onChange` gets the whole new list, normalised. `label` and `helperText` name another list of
 * domains (a single sign-on provider's, issue #18); the registration's by default.
 */
export function DominiosField({
  value,
  disabled,
  serverError,
  onChange,
  label,
  helperText,
}: {
  value: readonly string[];
  disabled: boolean;
  serverError?: string;
  onChange: (next: string[]) => void;
  label?: string;
  helperText?: string;
}) {
  const { t } = useAdminTexts();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);

  /** The list with `typed` added, or null after naming the first problem. */
  const withTyped = (typed: string): string[] | null => {
    const next = [...value];
    for (const raw of typed.split(SEPARATORS).filter(Boolean)) {
      if (!isValidDominio(raw)) {
        setError(t('ajustes.dominioInvalido', { dominio: raw }));
        return null;
      }
      const dominio = normalizeDominio(raw);
      if (next.includes(dominio)) {
        setError(t('ajustes.dominioRepetido', { dominio }));
        return null;
      }
      next.push(dominio);
    }
    if (next.length > DOMINIOS_PERMITIDOS_MAX) {
      setError(t('ajustes.demasiadosDominios', { max: DOMINIOS_PERMITIDOS_MAX }));
      return null;
    }
    return next;
  };

  const shown = error ?? serverError;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[] as string[]}
      value={[...value]}
      inputValue={input}
      disabled={disabled}
      onInputChange={(_e, v, reason) => {
        setInput(v);
        if (reason === 'input') setError(null);
      }}
      onChange={(_e, next, reason) => {
        if (reason === 'createOption') {
          const typed = next[next.length - 1] ?? '';
          const list = withTyped(typed);
          // Autocomplete empties the input before this runs: a refused entry is put back.
          if (list) onChange(list);
          else setInput(typed);
        } else {
          setError(null);
          onChange(next);
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('ajustes.dominios')}
          placeholder={value.length === 0 ? t('ajustes.dominiosPlaceholder') : undefined}
          error={Boolean(shown)}
          helperText={shown ?? helperText ?? t('ajustes.dominiosHelp')}
        />
      )}
    />
  );
}
