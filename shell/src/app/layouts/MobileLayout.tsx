import { useRef, type ReactNode } from 'react';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NavIcon } from '../../features/navigation/NavIcon';
import { isActive } from '../../features/navigation/nav-items';
import { MAIN_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useNavItems } from './use-nav-items';

/**
 * Narrow screens (DESIGN.md §5): a compact app bar and bottom navigation. Nothing may be wider
 * than the screen (390 px phones): actions shrink below MUI's 80 px minimum and the page clips
 * horizontal overflow. A skip link first and focus on the page's heading after each navigation, as in
 * the default layout.
 */
export function MobileLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const items = useNavItems();
  const { pathname } = useLocation();
  const current = items.find((i) => isActive(i, pathname))?.path ?? false;
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', overflowX: 'hidden', maxWidth: '100vw' }}>
      <SkipLink />
      <TopBar compact />
      <Box
        component="main"
        id={MAIN_ID}
        ref={main}
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, p: 2, pb: items.length ? 9 : 2, '&:focus': { outline: 'none' } }}
      >
        {children}
      </Box>
      {items.length > 0 && (
        <Paper component="nav" aria-label={t('navigation')} elevation={3} sx={{ position: 'fixed', bottom: 0, left: 0, right: 0 }}>
          <BottomNavigation showLabels value={current}>
            {items.map((item) => (
              <BottomNavigationAction
                key={item.path}
                value={item.path}
                label={item.label}
                icon={<NavIcon icon={item.icon} />}
                component={RouterLink}
                to={item.path}
                aria-current={current === item.path ? 'page' : undefined}
                sx={{ minWidth: 0, px: 0.5, '& .MuiBottomNavigationAction-label': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' } }}
              />
            ))}
          </BottomNavigation>
        </Paper>
      )}
    </Box>
  );
}
