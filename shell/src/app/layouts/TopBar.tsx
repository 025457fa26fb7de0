import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@gestion/shared';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectIsAuthenticated, selectUser } from '../../features/auth/auth-slice';
import { logout } from '../../features/auth/auth-thunks';
import { ColorSchemeSwitch } from './ColorSchemeSwitch';
import { LanguagePicker } from './LanguagePicker';

/** The app bar of the default and mobile layouts: app name, the user's nombre, dark mode, language, sign out. */
export function TopBar({ compact = false, onMenu }: { compact?: boolean; onMenu?: () => void }) {
  const { t } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  const authenticated = useAppSelector(selectIsAuthenticated);
  const dispatch = useAppDispatch();
  return (
    <AppBar position="sticky" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }} variant={compact ? 'dense' : 'regular'}>
        {onMenu && (
          <IconButton color="inherit" edge="start" aria-label={t('openMenu')} onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component={RouterLink}
          to={paths.home()}
          noWrap
          sx={{ color: 'inherit', textDecoration: 'none', flexShrink: 1, minWidth: 0 }}
        >
          {t('appName')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {user && !compact && (
          <Typography component="span" noWrap aria-label={t('account', { nombre: user.nombre })}>
            {user.nombre}
          </Typography>
        )}
        <ColorSchemeSwitch />
        <LanguagePicker />
        {user &&
          (compact ? (
            <IconButton color="inherit" aria-label={t('logout')} onClick={() => void dispatch(logout())}>
              <LogoutIcon />
            </IconButton>
          ) : (
            <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void dispatch(logout())}>
              {t('logout')}
            </Button>
          ))}
        {!authenticated && (
          <Button color="inherit" component={RouterLink} to={paths.login()}>
            {t('login')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
