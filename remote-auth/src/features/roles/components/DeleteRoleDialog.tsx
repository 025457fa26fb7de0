import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, canUseAsDefault, canUseAsReplacement } from '@gestion/shared';
import { useAuth, useNotify, usePermission } from '@gestion/shared/react';
import { ConfirmDialog, SelectField, readApiError, readRawApiError } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useGetAjustesQuery } from '../../ajustes/api';
import { useDeleteRoleMutation, type RolItem } from '../api';

/** True for the 409 of deleting the default role without naming the new one (issue #13). */
function isRoleIsDefault(error: unknown): boolean {
  // The api's own Spanish text, not the reader's translation of it.
  const read = readRawApiError(error, '');
  return (
    read.status === 409 &&
    (read.message === ADMIN_MESSAGES.roleIsDefault ||
      (read.details ?? []).some((d) => d.field === 'rolPorDefecto'))
  );
}

/**
 * Deleting a role (roles:gestionar). Users who hold it get a replacement, chosen among the roles
 * the viewer may give to them (never `admin`: issue #13, rules 1 and 4). When it is the default
 * role of self-registration the confirmation says so before anything happens and asks for the new
 * default (never `admin` either), sent as `rolPorDefecto`. The current default is read from
 * /api/configuracion when the viewer may (configuracion:gestionar); otherwise the api's 409
 * `roleIsDefault` turns the same dialog into that question. The kit's `ConfirmDialog` itself
 * rather than `useConfirmDialog`: its pickers and the confirm they enable are this dialog's state.
 */
export function DeleteRoleDialog({
  role,
  roles,
  onClose,
}: {
  role: RolItem;
  roles: readonly RolItem[];
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const { user: actor } = useAuth();
  const canReadAjustes = usePermission('configuracion:gestionar');
  const ajustes = useGetAjustesQuery(undefined, { skip: !canReadAjustes });
  const [deleteRole, { isLoading }] = useDeleteRoleMutation();
  const [reemplazo, setReemplazo] = useState('');
  const [rolPorDefecto, setRolPorDefecto] = useState('');
  const [toldDefault, setToldDefault] = useState(false);

  const isDefault = toldDefault || ajustes.data?.rolPorDefecto === role.nombre;
  const held = role.usuarios > 0;
  const others = roles.filter((r) => r.id !== role.id);
  const replacements = others.filter((r) => canUseAsReplacement(actor, r) === null);
  const defaults = others.filter((r) => canUseAsDefault(actor, r) === null);
  // Until the settings answer, the viewer cannot be told whether this is the default role.
  const waiting = canReadAjustes && ajustes.isLoading;

  const onConfirm = async () => {
    try {
      await deleteRole({
        id: role.id,
        reemplazo: held ? reemplazo : undefined,
        rolPorDefecto: isDefault ? rolPorDefecto : undefined,
      }).unwrap();
      notify(t('roles.deleted', { nombre: role.nombre }), { type: 'success' });
      onClose();
    } catch (e) {
      if (!isDefault && isRoleIsDefault(e)) {
        setToldDefault(true);
        return;
      }
      notify(readApiError(e, t('roles.deleteError')).message, { type: 'error' });
    }
  };

  const picker = (
    id: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: readonly RolItem[],
    emptyKey: string,
  ) =>
    options.length === 0 ? (
      <Typography id={id} variant="body2" color="error" sx={{ mt: 2 }}>
        {t(emptyKey)}
      </Typography>
    ) : (
      <SelectField
        id={id}
        fullWidth
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        sx={{ mt: 2 }}
        options={options.map((r) => ({ value: r.nombre, label: r.nombre }))}
      />
    );

  return (
    <ConfirmDialog
      open
      title={t('roles.deleteTitle')}
      message={
        <>
          {held
            ? t('roles.deleteHeld', { nombre: role.nombre, count: role.usuarios })
            : t('roles.deleteMessage', { nombre: role.nombre })}
          {isDefault && (
            <Typography component="span" role="alert" sx={{ display: 'block', mt: 1 }}>
              {t('roles.isDefault', { nombre: role.nombre })}
            </Typography>
          )}
        </>
      }
      confirmLabel={t('usuarios.delete')}
      busy={isLoading}
      confirmDisabled={waiting || (held && !reemplazo) || (isDefault && !rolPorDefecto)}
      onClose={onClose}
      onConfirm={() => void onConfirm()}
    >
      {held &&
        picker(
          'delete-role-replacement',
          t('roles.replacement'),
          reemplazo,
          setReemplazo,
          replacements,
          'roles.noReplacement',
        )}
      {isDefault &&
        picker(
          'delete-role-default',
          t('roles.newDefault'),
          rolPorDefecto,
          setRolPorDefecto,
          defaults,
          'roles.noDefault',
        )}
    </ConfirmDialog>
  );
}
