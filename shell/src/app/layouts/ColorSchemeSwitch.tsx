import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme } from '@mui/material/styles';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import type { Locale } from '@gestion/shared';
import { useLocale } from '../i18n';

// Here rather than in the shell's i18n json, which is part of the first paint of /login (within
// 400 bytes of its 200 KiB budget): this chunk only loads with the default and mobile layouts.
const TEXT: Record<Locale, string> = { es: 'Modo oscuro', en: 'Dark mode' };

/**
 * The app bar's "Modo oscuro" switch (a button with role switch: Tab, then Enter or Space).
 * Without a stored choice the page follows the system's `prefers-color-scheme`; a switch to the
 * other scheme is stored (localStorage, like the locale: providers.tsx), and switching back to the
 * system's own scheme stores `system` again, so the page resumes following the system.
 */
export function ColorSchemeSwitch() {
  const locale = useLocale();
  const { colorScheme, setMode } = useColorScheme();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const dark = colorScheme === 'dark';
  return (
    <IconButton
      color="inherit"
      role="switch"
      aria-checked={dark}
      aria-label={TEXT[locale]}
      title={TEXT[locale]}
      onClick={() => setMode(dark === systemDark ? (dark ? 'light' : 'dark') : 'system')}
    >
      {dark ? <DarkModeIcon /> : <DarkModeOutlinedIcon />}
    </IconButton>
  );
}
