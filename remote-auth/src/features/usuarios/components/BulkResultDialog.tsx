import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BulkUsuariosResponse } from '@gestion/shared';
import { useAdminTexts } from '../../../i18n/namespace';
import type { UsuarioItem } from '../api';

/**
 * The answer of one bulk request, user by user: done, or refused with the server's Spanish
 * reason. Users are named (nombre and e-mail), not numbered — from the selection, or from the
 * result itself when the server found them by filter ("all N matching"); refused ones come
 * first, since they are what the reader has to act on.
 */
export function BulkResultDialog({
  accionLabel,
  result,
  users,
  onClose,
}: {
  accionLabel: string;
  result: BulkUsuariosResponse;
  users: readonly UsuarioItem[];
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const byId = new Map(users.map((u) => [u.id, u]));
  const rows = [...result.resultados].sort(
    (a, b) => Number(b.estado === 'rechazado') - Number(a.estado === 'rechazado'),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-result-title" maxWidth="sm" fullWidth>
      <DialogTitle id="bulk-result-title">{t('bulk.resultTitle', { accion: accionLabel })}</DialogTitle>
      <DialogContent>
        <DialogContentText role="status" sx={{ mb: 2 }}>
          {t('bulk.summary', result.resumen)}
        </DialogContentText>
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label={t('bulk.resultsLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('bulk.user')}</TableCell>
                <TableCell>{t('bulk.state')}</TableCell>
                <TableCell>{t('bulk.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const u = byId.get(r.id) ?? (r.nombre ? { nombre: r.nombre, email: r.email } : null);
                return (
                  <TableRow key={r.id}>
                    <TableCell>
                      {u ? u.nombre : `#${r.id}`}
                      {u && (
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                          {u.email}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={r.estado === 'hecho' ? 'success' : 'error'}
                        label={t(`bulk.estado.${r.estado}`)}
                      />
                    </TableCell>
                    <TableCell>{r.motivo ?? ''}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
