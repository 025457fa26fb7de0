import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CorreoEstado, EnvioCorreo } from '@gestion/shared';
import { useAuth, useNotify } from '@gestion/shared/react';
import {
  ErrorAlert,
  FormDialog,
  readApiError,
  useFormatDateTime,
  useServerForm,
} from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useFieldRules } from '../../../lib/use-field-rules';
import { useSendCorreoPruebaMutation } from '../api';

const ESTADO_COLOR = { pendiente: 'default', enviado: 'success', fallido: 'error' } as const;

/** The state of one delivery; a colour and its word, never the colour alone. */
function EstadoChip({ estado }: { estado: EnvioCorreo['estado'] }) {
  const { t } = useAdminTexts();
  return (
    <Chip size="small" color={ESTADO_COLOR[estado]} label={t(`ajustes.correo.estado.${estado}`)} />
  );
}

/**
 * The test mail's recipient, the signed-in admin by default (the api's default too); on the kit's
 * `FormDialog`, so a refused address shows under the field and any other refusal above it.
 */
function PruebaDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAdminTexts();
  const { user } = useAuth();
  const notify = useNotify();
  const rules = useFieldRules();
  const [send] = useSendCorreoPruebaMutation();
  const server = useServerForm<{ destinatario: string }>({
    defaultValues: { destinatario: user?.email ?? '' },
    fields: ['destinatario'],
    saveFailed: t('ajustes.correo.pruebaError'),
    submit: async ({ destinatario }) => {
      await send({ destinatario }).unwrap();
      notify(t('ajustes.correo.pruebaSent', { email: destinatario }), { type: 'success' });
      onClose();
    },
  });
  const { errors } = server.form.formState;
  const { ref, ...field } = server.form.register('destinatario', rules.email);
  return (
    <FormDialog
      title={t('ajustes.correo.pruebaTitle')}
      submitLabel={t('ajustes.correo.send')}
      server={server}
      onClose={onClose}
      maxWidth="xs"
      intro={<DialogContentText>{t('ajustes.correo.pruebaHelp')}</DialogContentText>}
    >
      <TextField
        {...field}
        inputRef={ref}
        type="email"
        label={t('ajustes.correo.destinatario')}
        required
        autoFocus
        error={Boolean(errors.destinatario)}
        helperText={errors.destinatario?.message}
      />
    </FormDialog>
  );
}

/**
 * Ajustes › Correo (issue #15): how mail leaves (SMTP, or the server log when SMTP_URL is unset),
 * the sender, the latest deliveries with their state, attempts and last error, so an admin sees
 * a failing SMTP server before users report missing links, and a test mail.
 */
export function CorreoSection({
  correo,
  loading,
  error,
  fetching,
  onRefresh,
}: {
  correo: CorreoEstado | undefined;
  loading: boolean;
  error: unknown;
  fetching: boolean;
  onRefresh: () => void;
}) {
  const { t } = useAdminTexts();
  const formatDate = useFormatDateTime();
  const [prueba, setPrueba] = useState(false);

  let body;
  if (loading) body = <CircularProgress aria-label={t('common.loading')} />;
  else if (!correo)
    body = (
      <ErrorAlert onRetry={onRefresh}>
        {readApiError(error, t('ajustes.correo.loadError')).message}
      </ErrorAlert>
    );
  else
    body = (
      <Stack spacing={2}>
        <Stack
          component="dl"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 4 }}
          sx={{ m: 0 }}
        >
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('ajustes.correo.transporte')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t(`ajustes.correo.${correo.transporte}`)}
            </Typography>
          </div>
          <div>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('ajustes.correo.remitente')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, wordBreak: 'break-all' }}>
              {correo.remitente}
            </Typography>
          </div>
        </Stack>
        {correo.transporte === 'log' && (
          <Alert severity="info">{t('ajustes.correo.logHelp')}</Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => setPrueba(true)}>
            {t('ajustes.correo.prueba')}
          </Button>
          <Button onClick={onRefresh} loading={fetching}>
            {t('ajustes.correo.refresh')}
          </Button>
        </Stack>
        <Typography variant="subtitle1" component="h3">
          {t('ajustes.correo.recientes')}
        </Typography>
        {correo.envios.length === 0 ? (
          <Typography color="text.secondary">{t('ajustes.correo.empty')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('ajustes.correo.recientes')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('ajustes.correo.columns.fecha')}</TableCell>
                  <TableCell>{t('ajustes.correo.columns.destinatario')}</TableCell>
                  <TableCell>{t('ajustes.correo.columns.asunto')}</TableCell>
                  <TableCell>{t('ajustes.correo.columns.estado')}</TableCell>
                  <TableCell align="right">{t('ajustes.correo.columns.intentos')}</TableCell>
                  <TableCell>{t('ajustes.correo.columns.ultimoError')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {correo.envios.map((envio) => (
                  <TableRow key={envio.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(envio.creadoEn)}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{envio.destinatario}</TableCell>
                    <TableCell>{envio.asunto}</TableCell>
                    <TableCell>
                      <EstadoChip estado={envio.estado} />
                    </TableCell>
                    <TableCell align="right">{envio.intentos}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      {envio.ultimoError ?? '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Stack>
    );

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 3 }}
      aria-labelledby="ajustes-correo-heading"
    >
      <Typography id="ajustes-correo-heading" variant="h6" component="h2" gutterBottom>
        {t('ajustes.correo.heading')}
      </Typography>
      {body}
      {prueba && <PruebaDialog onClose={() => setPrueba(false)} />}
    </Paper>
  );
}
