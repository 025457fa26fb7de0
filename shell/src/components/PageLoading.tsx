import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** What a page shows while its chunk, its remote or the signed-in user is on the way. */
export function PageLoading() {
  const { t } = useTranslation('shell');
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 8 }}
    >
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
