import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { ProveedorSso } from '@gestion/shared';
import { ErrorAlert, SimpleTable, readApiError, useConfirmDelete } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useDeleteProveedorSsoMutation, useListProveedoresSsoQuery } from '../api';
import { ProveedorDialog } from './ProveedorDialog';

/**
 * Ajustes › Inicio de sesión único (issue #18, configuracion:gestionar): the organisation's
 * OpenID Connect providers with their issuer, domains and state, "Nuevo proveedor", and per row
 * an editor and a confirmed delete (its users' links go with it; the roles it gave stay). The
 * loading, empty and failed states each say so.
 */
export function SsoSection() {
  const { t } = useAdminTexts();
  const query = useListProveedoresSsoQuery();
  const [remove] = useDeleteProveedorSsoMutation();
  const { askDelete, dialog: confirmDialog } = useConfirmDelete();
  const [editing, setEditing] = useState<ProveedorSso | 'new' | null>(null);

  let body;
  if (query.isLoading) body = <CircularProgress aria-label={t('common.loading')} />;
  else if (query.isError || !query.data)
    body = (
      <ErrorAlert onRetry={() => void query.refetch()}>
        {readApiError(query.error, t('sso.loadError')).message}
      </ErrorAlert>
    );
  else if (query.data.items.length === 0)
    body = <Typography color="text.secondary">{t('sso.empty')}</Typography>;
  else
    body = (
      <SimpleTable<ProveedorSso>
        aria-label={t('sso.heading')}
        size="small"
        rows={query.data.items}
        columns={[
          { key: 'nombre', header: t('fields.nombre'), cell: (p) => p.nombre },
          {
            key: 'issuer',
            header: t('sso.issuer'),
            cell: (p) => p.issuer,
            cellSx: { wordBreak: 'break-all' },
          },
          {
            key: 'dominios',
            header: t('sso.dominiosColumn'),
            cell: (p) => (p.dominios.length ? p.dominios.join(', ') : '—'),
          },
          {
            key: 'estado',
            header: t('sso.estado'),
            cell: (p) => (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  color={p.activo ? 'success' : 'default'}
                  label={t(p.activo ? 'sso.activoChip' : 'sso.inactivoChip')}
                />
                {p.obligatorio && (
                  <Chip size="small" color="warning" label={t('sso.obligatorioChip')} />
                )}
              </Stack>
            ),
          },
          {
            key: 'acciones',
            header: t('usuarios.columns.acciones'),
            align: 'right',
            cellSx: { whiteSpace: 'nowrap' },
            cell: (p) => {
              const nombre = { nombre: p.nombre, interpolation: { escapeValue: false } };
              return (
                <>
                  <IconButton aria-label={t('sso.editOf', nombre)} onClick={() => setEditing(p)}>
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('sso.deleteOf', nombre)}
                    onClick={() =>
                      askDelete({
                        title: t('sso.deleteTitle'),
                        message: t('sso.deleteMessage', nombre),
                        remove: () => remove(p.id).unwrap(),
                        deleted: t('sso.deleted', nombre),
                      })
                    }
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              );
            },
          },
        ]}
      />
    );

  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: 3 }}
      aria-labelledby="ajustes-sso-heading"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}
      >
        <div>
          <Typography id="ajustes-sso-heading" variant="h6" component="h2" gutterBottom>
            {t('sso.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('sso.intro')}
          </Typography>
        </div>
        <div>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('sso.new')}
          </Button>
        </div>
      </Stack>
      {body}
      {editing !== null && (
        <ProveedorDialog
          proveedor={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmDialog}
    </Paper>
  );
}
