import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/PageLoading';
import { PermissionSummary } from '../../../components/PermissionSummary';
import { useInformesTexts } from '../../../i18n/namespace';

/**
 * /filtrado (guards auth, permiso: filtrado:usar). The filter builder arrives with its own issue;
 * "save as report" will need informes:crear, so the page already says whether the user holds it.
 */
export default function FiltradoPage() {
  const { t, ready } = useInformesTexts();
  if (!ready) return <PageLoading />;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('filtrado.heading')}
      </Typography>
      <PermissionSummary permission="filtrado:usar" related={['informes:crear']} />
      <Typography variant="body2" color="text.secondary">
        {t('filtrado.pending')}
      </Typography>
    </Stack>
  );
}
