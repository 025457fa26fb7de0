import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import { ADMIN_ROLE, canChangeOwnRoles, type Refusal } from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { FormDialog, useServerForm } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useDelegation, useRefusalText } from '../../roles/use-delegation';
import { useSetUsuarioRolesMutation, type UsuarioItem } from '../api';

/**
 * The roles of one user (`PUT /api/usuarios/:id/roles {roles}`): the whole list is replaced.
 * Only roles the viewer may give are offered (issue #13, rule 1: `admin` by admins only, a
 * non-admin only roles whose every permission they hold); a role the user has and the viewer may
 * not take stays ticked and disabled with the reason, and so does `admin` on one's own account
 * (rule 5). The api refuses to take `admin` from the last active admin and says so in Spanish:
 * the kit's `useServerForm` shows that above the list, and a detail on `roles` under it.
 */
export function AssignRolesDialog({
  user,
  roleNames,
  onClose,
}: {
  user: UsuarioItem;
  roleNames: string[];
  onClose: () => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const [save] = useSetUsuarioRolesMutation();
  const server = useServerForm<{ roles: string[] }>({
    defaultValues: { roles: user.roles },
    fields: ['roles'],
    saveFailed: t('usuarios.saveError'),
    submit: async ({ roles }) => {
      await save({ id: user.id, roles }).unwrap();
      notify(t('usuarios.rolesSaved'), { type: 'success' });
      onClose();
    },
  });
  const roles = server.form.watch('roles');
  const rolesError = server.form.formState.errors.roles?.message;
  const setRoles = (next: string[]) =>
    server.form.setValue('roles', next, { shouldDirty: true, shouldValidate: false });
  const delegation = useDelegation();
  const refusalText = useRefusalText();
  const self = delegation.isSelf(user);
  /** Why `r` cannot be ticked or unticked here; null when it can. */
  const lockOf = (r: string): Refusal | null =>
    delegation.grant(r) ??
    (self && r === ADMIN_ROLE
      ? canChangeOwnRoles(
          user.roles,
          user.roles.filter((x) => x !== r),
        )
      : null);
  // A role the viewer may not give is not offered unless the user already has it.
  const candidates = [...new Set([...roleNames, ...user.roles])];
  const all = candidates.filter((r) => user.roles.includes(r) || lockOf(r) === null);
  const hidden = candidates.length > all.length;

  return (
    <FormDialog
      title={t('usuarios.assignRolesTitle', { nombre: user.nombre })}
      submitLabel={t('common.save')}
      server={server}
      onClose={onClose}
      maxWidth="xs"
    >
      {roles.length === 0 && <DialogContentText>{t('usuarios.noRolesWarning')}</DialogContentText>}
      <div>
        <FormGroup aria-label={t('usuarios.columns.roles')}>
          {all.map((r) => {
            const lock = lockOf(r);
            const reasonId = `assign-role-lock-${r}`;
            return (
              <div key={r}>
                <FormControlLabel
                  label={r}
                  disabled={lock !== null}
                  control={
                    <Checkbox
                      checked={roles.includes(r)}
                      slotProps={{ input: { 'aria-describedby': lock ? reasonId : undefined } }}
                      onChange={(_e, checked) =>
                        setRoles(checked ? [...roles, r] : roles.filter((x) => x !== r))
                      }
                    />
                  }
                />
                {lock && (
                  <FormHelperText id={reasonId} sx={{ mt: -0.5, ml: 4 }}>
                    {refusalText(lock)}
                  </FormHelperText>
                )}
              </div>
            );
          })}
        </FormGroup>
        {hidden && <FormHelperText>{t('usuarios.onlyGrantable')}</FormHelperText>}
        {rolesError && <FormHelperText error>{rolesError}</FormHelperText>}
      </div>
    </FormDialog>
  );
}
