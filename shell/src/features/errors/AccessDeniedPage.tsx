import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@gestion/shared';

/** `/accesodenegado`: where the `permiso` guard sends a user without the route's permission. */
export default function AccessDeniedPage() {
  const { t } = useTranslation('shell');
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('accessDenied.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('accessDenied.text')}</Typography>
      <Button variant="contained" component={RouterLink} to={paths.home()}>
        {t('accessDenied.home')}
      </Button>
    </Box>
  );
}
