import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import { ADMIN_ROLE } from '@gestion/shared';
import { useNotify, usePermission } from '@gestion/shared/react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorMessage } from '../../../lib/api-error';
import { useDeleteRoleMutation, useListRolesQuery, type RolItem } from '../api';
import { RoleEditorDialog } from './RoleEditorDialog';

/**
 * Roles (roles:ver): every role with how many users hold it; with roles:gestionar, create, edit
 * and delete. A role users still hold can only go with a replacement role for them (the api
 * refuses otherwise, with a Spanish message shown as is); `admin` can never be deleted.
 */
export function RolesTab() {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const canManage = usePermission('roles:gestionar');
  const { data, isLoading, isError, error, refetch } = useListRolesQuery();
  const [deleteRole, deleteState] = useDeleteRoleMutation();
  const [editing, setEditing] = useState<RolItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RolItem | null>(null);
  const [reemplazo, setReemplazo] = useState('');
  const roles = data?.items ?? [];

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await deleteRole({ id: deleting.id, reemplazo: reemplazo || undefined }).unwrap();
      notify(t('roles.deleted', { nombre: deleting.nombre }), { type: 'success' });
      setDeleting(null);
    } catch (e) {
      notify(apiErrorMessage(e, t('roles.deleteError')), { type: 'error' });
    }
  };

  if (isLoading) return <CircularProgress aria-label={t('common.loading')} />;
  if (isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {apiErrorMessage(error, t('roles.loadError'))}
      </Alert>
    );
  }

  return (
    <Stack spacing={2}>
      {canManage && (
        <div>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('roles.new')}
          </Button>
        </div>
      )}
      {roles.length === 0 ? (
        <Alert severity="info">{t('roles.empty')}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('tabs.roles')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('fields.nombre')}</TableCell>
                <TableCell>{t('roles.descripcion')}</TableCell>
                <TableCell align="right">{t('roles.permisosCount')}</TableCell>
                <TableCell align="right">{t('roles.usuariosCount')}</TableCell>
                {canManage && <TableCell align="right">{t('usuarios.columns.acciones')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {roles.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.nombre}</TableCell>
                  <TableCell>{r.descripcion ?? ''}</TableCell>
                  <TableCell align="right">
                    {r.nombre === ADMIN_ROLE ? t('roles.all') : r.permisos.length}
                  </TableCell>
                  <TableCell align="right">{r.usuarios}</TableCell>
                  {canManage && (
                    <TableCell align="right">
                      <Button size="small" onClick={() => setEditing(r)} aria-label={t('roles.editOf', { nombre: r.nombre })}>
                        {t('usuarios.edit')}
                      </Button>
                      {r.nombre !== ADMIN_ROLE && (
                        <Button
                          size="small"
                          color="error"
                          aria-label={t('roles.deleteOf', { nombre: r.nombre })}
                          onClick={() => {
                            setReemplazo('');
                            setDeleting(r);
                          }}
                        >
                          {t('usuarios.delete')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== null && (
        <RoleEditorDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('roles.deleteTitle')}
        message={
          deleting && deleting.usuarios > 0
            ? t('roles.deleteHeld', { nombre: deleting.nombre, count: deleting.usuarios })
            : t('roles.deleteMessage', { nombre: deleting?.nombre ?? '' })
        }
        confirmLabel={t('usuarios.delete')}
        busy={deleteState.isLoading}
        confirmDisabled={Boolean(deleting && deleting.usuarios > 0 && !reemplazo)}
        onClose={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      >
        {deleting && deleting.usuarios > 0 && (
          <TextField
            select
            fullWidth
            label={t('roles.replacement')}
            value={reemplazo}
            onChange={(e) => setReemplazo(e.target.value)}
            sx={{ mt: 2 }}
          >
            {roles
              .filter((r) => r.id !== deleting.id)
              .map((r) => (
                <MenuItem key={r.id} value={r.nombre}>
                  {r.nombre}
                </MenuItem>
              ))}
          </TextField>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
