import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/document-title';

/** What the paths of a remote that could not be loaded show (DESIGN.md §5). */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  useDocumentTitle(t('remote.unavailable'));
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('remote.retry')}
        </Button>
      }
      sx={{ my: 2 }}
    >
      <AlertTitle component="h1" sx={{ fontSize: '1.1rem' }}>
        {t('remote.unavailable')}
      </AlertTitle>
      {t('remote.text')}
    </Alert>
  );
}
