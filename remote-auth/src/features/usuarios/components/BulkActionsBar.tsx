import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BulkAccion } from '@gestion/shared';
import { ROLES_READ_PERMISSIONS } from '@gestion/shared';
import { usePermission, useAnyPermission } from '@gestion/shared/react';
import { useAdminTexts } from '../../../i18n/namespace';
import type { Delegation } from '../../roles/use-delegation';

/** A bulk action the toolbar asks for: `rol` with asignarRol and quitarRol. */
export interface BulkRequest {
  accion: BulkAccion;
  rol?: string;
}

/**
 * The toolbar over a selection of users: activate, deactivate, sign out, delete, and give or
 * take one role. Each button asks for a confirmation (`BulkActionDialog`) before the one
 * request. The role picker lists only the roles the viewer may give and take (rule 1: `admin`
 * only for admins; a non-admin only roles whose every permission they hold).
 */
export function BulkActionsBar({
  count,
  roleNames,
  delegation,
  onRequest,
}: {
  count: number;
  roleNames: readonly string[];
  delegation: Delegation;
  onRequest: (request: BulkRequest) => void;
}) {
  const { t } = useAdminTexts();
  const canEdit = usePermission('usuarios:editar');
  const canDelete = usePermission('usuarios:eliminar');
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);
  const [rol, setRol] = useState('');
  const grantable = roleNames.filter((r) => delegation.grant(r) === null);
  const chosen = grantable.includes(rol) ? rol : '';

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack
        role="toolbar"
        aria-label={t('bulk.toolbar')}
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography>{t('usuarios.selected', { count })}</Typography>
        {canEdit && (
          <>
            <Button onClick={() => onRequest({ accion: 'activar' })}>
              {t('bulk.buttons.activar')}
            </Button>
            <Button color="error" onClick={() => onRequest({ accion: 'desactivar' })}>
              {t('usuarios.deactivateSelected')}
            </Button>
            <Button onClick={() => onRequest({ accion: 'revocarSesiones' })}>
              {t('bulk.buttons.revocarSesiones')}
            </Button>
          </>
        )}
        {canDelete && (
          <Button color="error" onClick={() => onRequest({ accion: 'eliminar' })}>
            {t('bulk.buttons.eliminar')}
          </Button>
        )}
        {canEdit && canSeeRoles && grantable.length > 0 && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('usuarios.bulkRole')}
              value={chosen}
              onChange={(e) => setRol(e.target.value)}
              sx={{ minWidth: 160 }}
            >
              {grantable.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
            <Button
              disabled={!chosen}
              onClick={() => onRequest({ accion: 'asignarRol', rol: chosen })}
            >
              {t('usuarios.assignRole')}
            </Button>
            <Button
              disabled={!chosen}
              onClick={() => onRequest({ accion: 'quitarRol', rol: chosen })}
            >
              {t('bulk.buttons.quitarRol')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
