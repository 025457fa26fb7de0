import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type AppError, paths } from '@gestion/shared';
import { useDocumentTitle } from '../../app/document-title';

/** The generic error page (SPEC §2): the status code (500 unless another is given) and message. */
export function ErrorPage({ error, onRetry }: { error: AppError; onRetry?: () => void }) {
  const { t } = useTranslation('shell');
  useDocumentTitle(error.statusMessage);
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 6 }} aria-labelledby="error-status">
      <Typography variant="h2" component="p" color="text.secondary" data-testid="error-status-code">
        {error.statusCode}
      </Typography>
      <Typography variant="h4" component="h1" id="error-status" sx={{ mb: 2 }}>
        {error.statusMessage}
      </Typography>
      {error.statusCode !== 404 && <Typography sx={{ mb: 3 }}>{t('error.text')}</Typography>}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        {onRetry && (
          <Button variant="outlined" onClick={onRetry}>
            {t('error.retry')}
          </Button>
        )}
        <Button variant="contained" component={RouterLink} to={paths.home()}>
          {t('error.home')}
        </Button>
      </Stack>
    </Box>
  );
}
