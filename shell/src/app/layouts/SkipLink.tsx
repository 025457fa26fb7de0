import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import type { Locale } from '@gestion/shared';
import { useLocale } from '../i18n';

/** The id of the default and mobile layouts' `<main>`, the skip link's target. */
export const MAIN_ID = 'contenido';

// Here rather than in the shell's i18n json: that json is part of the first paint of /login,
// which is 346 bytes under its 200 KiB budget; this chunk only loads with the default/mobile layout.
const TEXT: Record<Locale, string> = { es: 'Saltar al contenido', en: 'Skip to content' };

/**
 * "Saltar al contenido" (WCAG 2.4.1 Bypass Blocks): the first focusable element of the layout,
 * off-screen until it takes focus. It moves focus to `<main>` itself instead of following the
 * `#contenido` fragment, so the URL keeps no hash and the router sees no navigation.
 */
export function SkipLink() {
  const locale = useLocale();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 500,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {TEXT[locale]}
    </Box>
  );
}
