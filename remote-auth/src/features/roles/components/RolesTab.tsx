import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { ADMIN_ROLE, canManageRole } from '@gestion/shared';
import { useAuth, usePermission } from '@gestion/shared/react';
import { ErrorAlert, SimpleTable, readApiError } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useListRolesQuery, type RolItem } from '../api';
import { useRefusalText } from '../use-delegation';
import { DeleteRoleDialog } from './DeleteRoleDialog';
import { RoleEditorDialog } from './RoleEditorDialog';

/**
 * Roles (roles:ver): every role with how many users hold it; with roles:gestionar, create, edit
 * and delete. A role users still hold can only go with a replacement role for them (the api
 * refuses otherwise, with a Spanish message shown as is); `admin` can never be deleted. A role
 * the viewer may not manage (issue #13, rule 3: it carries a permission they do not hold, or it
 * is `admin` and they are not an admin) offers no edit or delete, only the reason why.
 */
export function RolesTab() {
  const { t } = useAdminTexts();
  const refusalText = useRefusalText();
  const { user: actor } = useAuth();
  const canManage = usePermission('roles:gestionar');
  const { data, isLoading, isError, error, refetch } = useListRolesQuery();
  const [editing, setEditing] = useState<RolItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RolItem | null>(null);
  const roles = data?.items ?? [];

  if (isLoading) return <CircularProgress aria-label={t('common.loading')} />;
  if (isError) {
    return (
      <ErrorAlert onRetry={() => void refetch()}>{readApiError(error, t('roles.loadError')).message}</ErrorAlert>
    );
  }

  /** Edit and delete, or the reason the viewer may not manage the role. */
  const actionsOf = (r: RolItem) => {
    const refusal = canManageRole(actor, r);
    if (refusal) {
      const text = refusalText(refusal);
      return (
        <Tooltip title={text}>
          <span
            tabIndex={0}
            role="img"
            aria-label={t('roles.notManageable', { nombre: r.nombre, motivo: text })}
          >
            <InfoOutlinedIcon fontSize="small" color="action" sx={{ verticalAlign: 'middle' }} />
          </span>
        </Tooltip>
      );
    }
    return (
      <>
        <Button size="small" onClick={() => setEditing(r)} aria-label={t('roles.editOf', { nombre: r.nombre })}>
          {t('usuarios.edit')}
        </Button>
        {r.nombre !== ADMIN_ROLE && (
          <Button
            size="small"
            color="error"
            aria-label={t('roles.deleteOf', { nombre: r.nombre })}
            onClick={() => setDeleting(r)}
          >
            {t('usuarios.delete')}
          </Button>
        )}
      </>
    );
  };

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
        <SimpleTable
          aria-label={t('tabs.roles')}
          rows={roles}
          columns={[
            { key: 'nombre', header: t('fields.nombre'), cell: (r) => r.nombre },
            { key: 'descripcion', header: t('roles.descripcion'), cell: (r) => r.descripcion ?? '' },
            {
              key: 'permisos',
              header: t('roles.permisosCount'),
              align: 'right',
              cell: (r) => (r.nombre === ADMIN_ROLE ? t('roles.all') : r.permisos.length),
            },
            {
              key: 'usuarios',
              header: t('roles.usuariosCount'),
              align: 'right',
              cell: (r) => r.usuarios,
            },
            canManage && {
              key: 'acciones',
              header: t('usuarios.columns.acciones'),
              align: 'right',
              cell: actionsOf,
            },
          ]}
        />
      )}
      {editing !== null && (
        <RoleEditorDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <DeleteRoleDialog role={deleting} roles={roles} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}
