import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { NavList } from './NavList';
import { TopBar } from './TopBar';
import { useNavItems } from './use-nav-items';

const DRAWER_WIDTH = 240;

/** App bar + a navigation drawer (permanent from 900 px, a menu below). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const items = useNavItems();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const hasNav = items.length > 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
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
        <Box component="main" id="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
