import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/PageLoading';
import { PermissionSummary } from '../../../components/PermissionSummary';
import { useEventosTexts } from '../../../i18n/namespace';

/** /eventos (guards auth, permiso: eventos:ver). The list itself arrives with its own issue. */
export default function EventosPage() {
  const { t, ready } = useEventosTexts();
  if (!ready) return <PageLoading />;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('eventos.heading')}
      </Typography>
      <PermissionSummary
        permission="eventos:ver"
        related={['eventos:crear', 'eventos:editar', 'eventos:eliminar']}
      />
      <Typography variant="body2" color="text.secondary">
        {t('eventos.pending')}
      </Typography>
    </Stack>
  );
}
