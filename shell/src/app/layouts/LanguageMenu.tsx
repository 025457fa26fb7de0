import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@gestion/shared';
import { changeLocale } from '../i18n';

/**
 * The language picker's open menu: its own chunk, loaded when the picker is first hovered,
 * focused or opened (LanguagePicker.tsx), so that Menu, Popover and Modal are not part of the
 * first visit to /login.
 */
export default function LanguageMenu({
  id,
  anchor,
  locale,
  onClose,
}: {
  id: string;
  anchor: HTMLElement;
  locale: Locale;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {LOCALES.map((l) => (
        <MenuItem
          key={l}
          lang={l}
          selected={l === locale}
          onClick={() => {
            onClose();
            void changeLocale(l);
          }}
        >
          {t(`languages.${l}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
