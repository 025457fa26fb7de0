import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/PageLoading';
import { PermissionSummary } from '../../../components/PermissionSummary';
import { useInformesTexts } from '../../../i18n/namespace';

/** /informes (guards auth, permiso: informes:ver). Saved reports arrive with their own issue. */
export default function InformesPage() {
  const { t, ready } = useInformesTexts();
  if (!ready) return <PageLoading />;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('informes.heading')}
      </Typography>
      <PermissionSummary
        permission="informes:ver"
        related={['informes:crear', 'informes:eliminar', 'informes:exportar']}
      />
      <Typography variant="body2" color="text.secondary">
        {t('informes.pending')}
      </Typography>
    </Stack>
  );
}
