import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@gestion/shared';
import { changeLocale, useLocale } from '../i18n';

/** es / en; the choice is stored in localStorage[LOCALE_KEY] and reaches every remote. */
export function LanguagePicker({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation('shell');
  const locale = useLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        // The visible code (ES/EN) stays part of the name (WCAG 2.5.3, label in name).
        aria-label={`${t('language')}: ${locale.toUpperCase()} (${t(`languages.${locale}`)})`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ minWidth: 0 }}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem
            key={l}
            lang={l}
            selected={l === locale}
            onClick={() => {
              setAnchor(null);
              void changeLocale(l);
            }}
          >
            {t(`languages.${l}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
