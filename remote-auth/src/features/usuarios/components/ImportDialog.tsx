import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify } from '@gestion/shared/react';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorMessage } from '../../../lib/api-error';
import { useImportUsuariosMutation, type ImportReport } from '../api';

/** 2 MB: far more than a realistic CSV of users, and the api refuses larger bodies anyway. */
const MAX_BYTES = 2 * 1024 * 1024;

/** The file's text (UTF-8), read with FileReader, which every browser and jsdom provide. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/**
 * CSV import wizard (issue 4): pick a file (columns email, nombre, roles) → the dry-run report
 * (`POST /api/usuarios/import?dryRun=1`, nothing written) → apply (`POST /api/usuarios/import`,
 * all rows or none). Apply is offered only when no row is rejected, since the api would refuse
 * the whole file.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const [runImport, { isLoading }] = useImportUsuariosMutation();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const step = report ? 1 : 0;

  const pick = async (picked: File | undefined) => {
    setReport(null);
    setError(null);
    if (!picked) return;
    if (picked.size > MAX_BYTES) {
      setError(t('import.tooLarge'));
      return;
    }
    try {
      setFile({ name: picked.name, csv: await readText(picked) });
    } catch {
      setError(t('import.unreadable'));
    }
  };

  const dryRun = async () => {
    if (!file) return;
    try {
      setReport(await runImport({ csv: file.csv, dryRun: true }).unwrap());
    } catch (e) {
      setError(apiErrorMessage(e, t('import.error')));
    }
  };

  const apply = async () => {
    if (!file) return;
    try {
      const res = await runImport({ csv: file.csv, dryRun: false }).unwrap();
      notify(t('import.applied', { creados: res.resumen.creados, actualizados: res.resumen.actualizados }), {
        type: 'success',
      });
      // New accounts get a one-time password, returned only by this answer: keep the report
      // open so they can be handed over; otherwise there is nothing more to see.
      if (res.filas.some((r) => r.passwordTemporal)) setReport(res);
      else onClose();
    } catch (e) {
      setError(apiErrorMessage(e, t('import.error')));
    }
  };

  const rows = report?.filas ?? [];
  const rejected = report?.resumen.rechazados ?? 0;
  const applied = report?.aplicado ?? false;
  const withPasswords = rows.some((r) => r.passwordTemporal);

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="import-title" maxWidth="md" fullWidth>
      <DialogTitle id="import-title">{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          <Step>
            <StepLabel>{t('import.stepFile')}</StepLabel>
          </Step>
          <Step>
            <StepLabel>{t('import.stepReview')}</StepLabel>
          </Step>
        </Stepper>
        <Stack spacing={2}>
          <DialogContentText>{t('import.help')}</DialogContentText>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
              {t('import.pick')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={t('import.pick')}
                disabled={applied}
                onChange={(e) => void pick(e.target.files?.[0])}
              />
            </Button>
            <Typography>{file ? file.name : t('import.noFile')}</Typography>
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
          {report && (
            <>
              {applied && <Alert severity="success">{t('import.appliedPasswords')}</Alert>}
              <Alert severity={rejected ? 'warning' : 'info'}>
                {t('import.summary', {
                  creados: report.resumen.creados,
                  actualizados: report.resumen.actualizados,
                  rechazados: rejected,
                })}
                {rejected > 0 && ` ${t('import.fixRejected')}`}
              </Alert>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label={t('import.reportLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('import.row')}</TableCell>
                      <TableCell>{t('fields.email')}</TableCell>
                      <TableCell>{t('import.result')}</TableCell>
                      <TableCell>{t('import.reason')}</TableCell>
                      {withPasswords && <TableCell>{t('usuarios.otpTitle')}</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.fila}>
                        <TableCell>{r.fila}</TableCell>
                        <TableCell>{r.email}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            label={t(`import.results.${r.resultado}`)}
                            color={r.resultado === 'rechazado' ? 'error' : r.resultado === 'creado' ? 'success' : 'info'}
                          />
                        </TableCell>
                        <TableCell>{r.motivo ?? ''}</TableCell>
                        {withPasswords && (
                          <TableCell sx={{ fontFamily: 'monospace' }}>{r.passwordTemporal ?? ''}</TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {applied ? t('common.close') : t('common.cancel')}
        </Button>
        {applied ? null : !report ? (
          <Button variant="contained" disabled={!file} loading={isLoading} onClick={() => void dryRun()}>
            {t('import.check')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={rejected > 0 || rows.length === 0}
            loading={isLoading}
            onClick={() => void apply()}
          >
            {t('import.apply')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
