import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import type { SxProps, Theme } from '@mui/material/styles';
import { useUiTexts } from './i18n/namespace';
import { useDebouncedValue } from './use-debounced-value';

/** Search waits this long after the last keystroke (issue 5: 300 ms) before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Props of `SearchField`. */
export interface SearchFieldProps {
  /** The search as last reported (what the list asks the api for): the field starts from it. */
  value: string;
  /** Called with the trimmed text once typing pauses for `delayMs`, only when it changed. */
  onChange: (value: string) => void;
  /** The field's label; the kit's "Buscar" by default. */
  label?: string;
  delayMs?: number;
  sx?: SxProps<Theme>;
}

/**
 * The lists' search box: a `type="search"` field with a search icon that keeps what the user
 * types and reports it trimmed, debounced, so a list asks the server once per pause and not per
 * key. A `value` changed from outside (filters cleared, the URL) replaces the typed text.
 */
export function SearchField({
  value,
  onChange,
  label,
  delayMs = SEARCH_DEBOUNCE_MS,
  sx,
}: SearchFieldProps) {
  const { t } = useUiTexts();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), delayMs);
  // The last value reported or received, so neither side echoes the other's change back.
  const reported = useRef(value);

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  // The debounced text last looked at: a value from outside (back/forward through a list's URL)
  // must not be overwritten by the typed text still waiting in the debounce.
  const seen = useRef(debounced);
  useEffect(() => {
    if (debounced === seen.current) return;
    seen.current = debounced;
    if (debounced !== reported.current) {
      reported.current = debounced;
      onChange(debounced);
    }
    // Only a new debounced text reports: onChange may be a new function on every render.
  }, [debounced, onChange]);

  return (
    <TextField
      type="search"
      label={label ?? t('search')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      size="small"
      sx={{ minWidth: { sm: 240 }, ...sx }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
