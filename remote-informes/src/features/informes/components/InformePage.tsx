import { useParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageLoading } from '../../../components/PageLoading';
import { PermissionSummary } from '../../../components/PermissionSummary';
import { useInformesTexts } from '../../../i18n/namespace';

/** /informes/:id (guards auth, permiso: informes:ver). Running a report arrives with its issue. */
export default function InformePage() {
  const { t, ready } = useInformesTexts();
  const { id = '' } = useParams<{ id: string }>();
  if (!ready) return <PageLoading />;
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <Typography variant="h4" component="h1">
          {t('informe.heading')}
        </Typography>
        <Typography color="text.secondary">
          {t('informe.numero', { id, interpolation: { escapeValue: false } })}
        </Typography>
      </Stack>
      <PermissionSummary permission="informes:ver" related={['informes:exportar']} />
      <Typography variant="body2" color="text.secondary">
        {t('informe.pending')}
      </Typography>
    </Stack>
  );
}
