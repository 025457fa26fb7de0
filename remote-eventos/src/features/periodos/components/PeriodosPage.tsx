import { useParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/PageLoading';
import { PermissionSummary } from '../../../components/PermissionSummary';
import { useEventosTexts } from '../../../i18n/namespace';

/** /eventos/:id/periodos (guards auth, permiso: periodos:ver). Periods arrive with their issue. */
export default function PeriodosPage() {
  const { t, ready } = useEventosTexts();
  const { id = '' } = useParams<{ id: string }>();
  if (!ready) return <PageLoading />;
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          {t('periodos.heading')}
        </Typography>
        <Typography color="text.secondary">
          {t('periodos.evento', { id, interpolation: { escapeValue: false } })}
        </Typography>
      </Stack>
      <PermissionSummary permission="periodos:ver" related={['periodos:gestionar']} />
      <Typography variant="body2" color="text.secondary">
        {t('periodos.pending')}
      </Typography>
    </Stack>
  );
}
