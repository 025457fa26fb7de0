import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { BULK_MAX_IDS } from '@gestion/shared';
import { useAdminTexts } from '../../../i18n/namespace';

/**
 * The line under the bulk toolbar once every row of the page is selected (issue #14, as Gmail
 * and Keycloak do): it offers every user matching the search and filters — the api resolves
 * them, `filtro` of POST /api/usuarios/bulk — and, once chosen, says so and offers to clear the
 * selection. Above BULK_MAX_IDS matches the api would refuse, so it says to narrow the list.
 * Nothing when the page already holds every match.
 */
export function SelectAllMatching({
  pageCount,
  total,
  allMatching,
  onSelectAll,
  onClear,
}: {
  /** Rows of the page, all selected. */
  pageCount: number;
  /** Users matching the search and filters (the list's `total`). */
  total: number;
  allMatching: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const { t } = useAdminTexts();
  if (!allMatching && total <= pageCount) return null;
  const clear = (
    <Button color="inherit" size="small" onClick={onClear}>
      {t('usuarios.clearSelection')}
    </Button>
  );
  if (allMatching) {
    return (
      <Alert severity="info" role="status" action={clear} sx={{ flexWrap: 'wrap' }}>
        {t('usuarios.allMatchingSelected', { total })}
      </Alert>
    );
  }
  return (
    <Alert
      severity="info"
      role="status"
      // Two buttons beside a sentence: at 390 px they go under it.
      sx={{ flexWrap: 'wrap' }}
      action={
        total > BULK_MAX_IDS ? (
          clear
        ) : (
          <>
            <Button color="inherit" size="small" onClick={onSelectAll}>
              {t('usuarios.selectAllMatching', { total })}
            </Button>
            {clear}
          </>
        )
      }
    >
      {t('usuarios.pageAllSelected', { count: pageCount })}
      {total > BULK_MAX_IDS && <> {t('usuarios.tooManyMatching', { max: BULK_MAX_IDS })}</>}
    </Alert>
  );
}
