import { useId, useState } from 'react';
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
import type { ApiError } from '@gestion/shared';
import { readApiError } from './api-error';
import type { CsvImportDialogProps, CsvImportReport, CsvImportRow } from './CsvImportDialog';
import { useUiTexts } from './i18n/namespace';

/** 2 MiB: the body limit of both import endpoints. */
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

/** The file's text (UTF-8), read with FileReader, which every browser and jsdom provide. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** A chip's colour per result: rejected red, created green, updated blue. */
const CHIP_COLOR = { rechazado: 'error', creado: 'success', actualizado: 'info' } as const;

/**
 * The wizard behind `CsvImportDialog` (its lazily loaded chunk; see there for the props). A
 * failed request is shown above the report with the api's details (a missing column, the rows
 * an apply refused), and the chosen file stays so it can be checked again.
 */
export default function CsvImportDialogContent({
  title,
  help,
  run,
  rowLabel,
  extraColumn,
  onApplied,
  appliedNote,
  maxBytes = DEFAULT_MAX_BYTES,
  onClose,
}: CsvImportDialogProps<CsvImportRow>) {
  const { t } = useUiTexts();
  const titleId = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [report, setReport] = useState<CsvImportReport | null>(null);
  const [failure, setFailure] = useState<ApiError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const applied = report?.aplicado ?? false;
  const step = applied ? 2 : report ? 1 : 0;

  const pick = async (picked: File | undefined) => {
    setReport(null);
    setFailure(null);
    if (!picked) return;
    if (picked.size > maxBytes) {
      setFailure(t('csvImport.tooLarge', { mb: Math.round(maxBytes / (1024 * 1024)) }));
      return;
    }
    try {
      setFile({ name: picked.name, csv: await readText(picked) });
    } catch {
      setFailure(t('csvImport.unreadable'));
    }
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    setBusy(true);
    try {
      const answer = await run(file.csv, dryRun);
      setReport(answer);
      if (!dryRun) onApplied?.(answer);
    } catch (error) {
      setFailure(readApiError(error, t('csvImport.error')));
    } finally {
      setBusy(false);
    }
  };

  const rows = report?.filas ?? [];
  const resumen = report?.resumen;
  const rejected = resumen?.rechazados ?? 0;
  const withUpdates = resumen?.actualizados !== undefined;
  const showExtra = extraColumn !== undefined && rows.some((r) => extraColumn.value(r) != null);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {(['stepFile', 'stepReview', 'stepResult'] as const).map((key) => (
            <Step key={key}>
              <StepLabel>{t(`csvImport.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Stack spacing={2}>
          <DialogContentText component="div">{help}</DialogContentText>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={applied || busy}
            >
              {t('csvImport.pick')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={t('csvImport.pick')}
                disabled={applied || busy}
                onChange={(e) => void pick(e.target.files?.[0])}
              />
            </Button>
            <Typography>{file ? file.name : t('csvImport.noFile')}</Typography>
          </Stack>
          {failure && <FailureAlert failure={failure} />}
          {report && resumen && (
            <>
              {applied && appliedNote && <Alert severity="info">{appliedNote}</Alert>}
              <Alert severity={applied ? 'success' : rejected ? 'warning' : 'info'}>
                {applied
                  ? t(withUpdates ? 'csvImport.applied' : 'csvImport.appliedCreated', resumen)
                  : t(withUpdates ? 'csvImport.summary' : 'csvImport.summaryCreated', resumen)}
                {!applied && rejected > 0 && ` ${t('csvImport.fixRejected')}`}
              </Alert>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label={t('csvImport.reportLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('csvImport.row')}</TableCell>
                      <TableCell>{rowLabel.header}</TableCell>
                      <TableCell>{t('csvImport.result')}</TableCell>
                      <TableCell>{t('csvImport.reason')}</TableCell>
                      {showExtra && <TableCell>{extraColumn.header}</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.fila}>
                        <TableCell>{r.fila}</TableCell>
                        <TableCell>{rowLabel.value(r)}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={CHIP_COLOR[r.resultado]}
                            label={t(`csvImport.${applied ? 'done' : 'results'}.${r.resultado}`)}
                          />
                        </TableCell>
                        <TableCell>
                          <RowProblems row={r} />
                        </TableCell>
                        {showExtra && (
                          <TableCell sx={{ fontFamily: 'monospace' }}>
                            {extraColumn.value(r) ?? ''}
                          </TableCell>
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
        <Button onClick={onClose} disabled={busy}>
          {applied ? t('close') : t('cancel')}
        </Button>
        {applied ? null : !report ? (
          <Button
            variant="contained"
            disabled={!file}
            loading={busy}
            onClick={() => void send(true)}
          >
            {t('csvImport.check')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={rejected > 0 || rows.length === 0}
            loading={busy}
            onClick={() => void send(false)}
          >
            {t('csvImport.apply')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** A row's problems: each of its `errores` on a line, else its `motivo`. */
function RowProblems({ row }: { row: CsvImportRow }) {
  if (!row.errores?.length) return <>{row.motivo ?? ''}</>;
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {row.errores.map((e, i) => (
        <li key={i}>{`${e.field}: ${e.message}`}</li>
      ))}
    </Stack>
  );
}

/**
 * A failed check or apply: the api's message and each of its details (the missing column, the
 * rows an apply refused as `fila 3: …`); or the kit's own text for a file it could not read.
 */
function FailureAlert({ failure }: { failure: ApiError | string }) {
  if (typeof failure === 'string') return <Alert severity="error">{failure}</Alert>;
  const details = failure.details ?? [];
  return (
    <Alert severity="error">
      {failure.message}
      {details.length > 0 && (
        <Stack component="ul" sx={{ m: 0, pl: 2 }}>
          {details.map((d, i) => (
            <li key={i}>{d.field.startsWith('fila') ? `${d.field}: ${d.message}` : d.message}</li>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
