import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useNotify } from '@gestion/shared/react';
import { useAdminTexts } from '../../../i18n/namespace';
import { apiErrorMessage } from '../../../lib/api-error';
import { useSetUsuarioRolesMutation, type UsuarioItem } from '../api';

/**
 * The roles of one user (`PUT /api/usuarios/:id/roles {roles}`): the whole list is replaced.
 * The api refuses to take `admin` from the last active admin and says so in Spanish.
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
  const [roles, setRoles] = useState<string[]>(user.roles);
  const [save, { isLoading }] = useSetUsuarioRolesMutation();
  const all = [...new Set([...roleNames, ...user.roles])];

  const onSave = async () => {
    try {
      await save({ id: user.id, roles }).unwrap();
      notify(t('usuarios.rolesSaved'), { type: 'success' });
      onClose();
    } catch (error) {
      notify(apiErrorMessage(error, t('usuarios.saveError')), { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby="assign-roles-title" maxWidth="xs" fullWidth>
      <DialogTitle id="assign-roles-title">{t('usuarios.assignRolesTitle', { nombre: user.nombre })}</DialogTitle>
      <DialogContent>
        {roles.length === 0 && (
          <DialogContentText sx={{ mb: 1 }}>{t('usuarios.noRolesWarning')}</DialogContentText>
        )}
        <FormGroup aria-label={t('usuarios.columns.roles')}>
          {all.map((r) => (
            <FormControlLabel
              key={r}
              label={r}
              control={
                <Checkbox
                  checked={roles.includes(r)}
                  onChange={(_e, checked) =>
                    setRoles((cur) => (checked ? [...cur, r] : cur.filter((x) => x !== r)))
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void onSave()} loading={isLoading}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
