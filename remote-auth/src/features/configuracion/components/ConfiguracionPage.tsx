import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_ROLE } from '@gestion/shared';
import { useAuth } from '@gestion/shared/react';
import { PageLoading } from '../../../components/PageLoading';
import { useAuthTexts } from '../../../i18n/namespace';

/**
 * /configuracion (guard `auth`). For now only the signed-in user's own profile; the users, roles,
 * audit and settings tabs of DESIGN.md §6 arrive with their own issue, and the page says so.
 */
export default function ConfiguracionPage() {
  const { t, ready } = useAuthTexts();
  const { user } = useAuth();
  if (!ready || !user) return <PageLoading />;
  const isAdmin = user.roles.some((role) => role.nombre === ADMIN_ROLE);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('configuracion.heading')}
      </Typography>
      <Paper component="section" variant="outlined" aria-labelledby="perfil-heading" sx={{ p: 3 }}>
        <Typography id="perfil-heading" variant="h6" component="h2" gutterBottom>
          {t('configuracion.profile')}
        </Typography>
        <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('configuracion.nombre')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {user.nombre}
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('configuracion.email')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {user.email}
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('configuracion.roles')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              {user.roles.length === 0 ? (
                <Typography>{t('configuracion.noRoles')}</Typography>
              ) : (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {user.roles.map((role) => (
                    <Chip key={role.nombre} label={role.nombre} size="small" />
                  ))}
                </Stack>
              )}
              {isAdmin && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('configuracion.adminNote')}
                </Typography>
              )}
            </Box>
          </div>
        </Stack>
      </Paper>
      <Typography variant="body2" color="text.secondary">
        {t('configuracion.later')}
      </Typography>
    </Stack>
  );
}
