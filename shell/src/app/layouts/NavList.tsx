import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NavIcon } from '../../features/navigation/NavIcon';
import { isActive, type NavItem } from '../../features/navigation/nav-items';

/** The drawer's list: only the areas the user may open. */
export function NavList({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label={t('navigation')}>
      {items.map((item) => {
        const active = isActive(item, pathname);
        return (
          <ListItemButton
            key={item.path}
            component={RouterLink}
            to={item.path}
            selected={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <ListItemIcon>
              <NavIcon icon={item.icon} />
            </ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
