import { useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { NavList } from './NavList';
import { MAIN_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useNavItems } from './use-nav-items';

const DRAWER_WIDTH = 240;

/**
 * App bar + a navigation drawer (permanent from 900 px, a menu below); a skip link before them and
 * focus on the page's heading after each navigation.
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const items = useNavItems();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const hasNav = items.length > 0;
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar onMenu={hasNav && !wide ? () => setOpen(true) : undefined} />
      <Box sx={{ display: 'flex', flex: 1 }}>
        {hasNav && (
          <Drawer
            variant={wide ? 'permanent' : 'temporary'}
            open={wide || open}
            onClose={() => setOpen(false)}
            sx={{
              width: wide ? DRAWER_WIDTH : undefined,
              flexShrink: 0,
              '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
            }}
          >
            {wide && <Toolbar />}
            <NavList items={items} onNavigate={() => setOpen(false)} />
          </Drawer>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          ref={main}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
