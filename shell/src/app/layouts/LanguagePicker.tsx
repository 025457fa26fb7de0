import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n';

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

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
        // Fetch the menu's chunk before the click needs it.
        onMouseEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        sx={{ minWidth: 0 }}
      >
        {locale.toUpperCase()}
      </Button>
      {anchor && (
        <Suspense fallback={null}>
          <LanguageMenu
            id="language-menu"
            anchor={anchor}
            locale={locale}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
