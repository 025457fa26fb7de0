import { useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  ADMIN_ROLE,
  type BulkAccion,
  type BulkFiltro,
  type BulkUsuariosResponse,
  type UserAction,
} from '@gestion/shared';
import { useNotify } from '@gestion/shared/react';
import { ConfirmDialog, readApiError } from '@gestion/ui';
import { useAdminTexts } from '../../../i18n/namespace';
import { useRefusalText, type Delegation } from '../../roles/use-delegation';
import { useBulkUsuariosMutation, type UsuarioItem } from '../api';
import type { BulkRequest } from './BulkActionsBar';
import { BulkResultDialog } from './BulkResultDialog';

/** The delegation rule each bulk action is checked against per user. */
const RULE: Record<BulkAccion, UserAction> = {
  asignarRol: 'editar',
  quitarRol: 'editar',
  activar: 'editar',
  desactivar: 'desactivar',
  eliminar: 'eliminar',
  revocarSesiones: 'revocarSesiones',
};

/** Actions that lock people out or remove them: a red confirm button. */
const DESTRUCTIVE: readonly BulkAccion[] = ['desactivar', 'eliminar', 'revocarSesiones', 'quitarRol'];

/**
 * A bulk action from confirmation to result (issue #13): the confirmation names the action and
 * how many users, and lists beforehand those the rules will leave untouched (one's own account,
 * users the viewer may not act on); then one `POST /api/usuarios/bulk` with every selected id
 * (the server decides and reports each), an indeterminate progress bar while it runs — it is one
 * request, there is no honest percentage — and the per-user result. A failure of the request as a
 * whole is one toast and closes the dialog. `onClose(true)` once the action ran.
 *
 * With `matching` ("all N matching", issue #14) the request names the list's filter instead of
 * ids: the confirmation counts the list's total, and since the console never saw those users it
 * cannot list refusals beforehand — it says the server will leave some as they are and name them
 * in the result, whose rows carry each user's nombre and e-mail from the api.
 */
export function BulkActionDialog({
  request,
  users,
  matching,
  delegation,
  onClose,
}: {
  request: BulkRequest;
  users: readonly UsuarioItem[];
  /** Every user matching `filtro` (`total` of them) instead of `users`. */
  matching?: { filtro: BulkFiltro; total: number };
  delegation: Delegation;
  onClose: (ran: boolean) => void;
}) {
  const { t } = useAdminTexts();
  const notify = useNotify();
  const refusalText = useRefusalText();
  const [run, { isLoading }] = useBulkUsuariosMutation();
  const [result, setResult] = useState<BulkUsuariosResponse | null>(null);
  const { accion, rol } = request;
  const accionLabel = t(`bulk.actions.${accion}`, { rol });

  /** Why a selected user will be left as is, as far as the console can tell. */
  const foreseen = (u: UsuarioItem): string | null => {
    if (delegation.isSelf(u) && accion === 'quitarRol' && rol === ADMIN_ROLE && u.roles.includes(rol))
      return t('delegacion.selfRemoveAdmin');
    // The server never applies a bulk action to the caller (rule 5); desactivar and eliminar
    // name the rule's own reason through `actOn`.
    if (delegation.isSelf(u) && accion !== 'desactivar' && accion !== 'eliminar')
      return t('bulk.selfSkipped');
    const refusal = delegation.actOn(u, RULE[accion]);
    return refusal ? refusalText(refusal) : null;
  };
  const refused = matching ? [] : users.flatMap((u) => {
    const reason = foreseen(u);
    return reason ? [{ user: u, reason }] : [];
  });

  const onConfirm = async () => {
    try {
      const res = await run({
        accion,
        ...(matching ? { filtro: matching.filtro } : { ids: users.map((u) => u.id) }),
        ...(rol ? { rol } : {}),
      }).unwrap();
      setResult(res);
    } catch (e) {
      notify(readApiError(e, t('bulk.error')).message, { type: 'error' });
      onClose(false);
    }
  };

  if (result) {
    return (
      <BulkResultDialog
        accionLabel={accionLabel}
        result={result}
        users={users}
        onClose={() => onClose(true)}
      />
    );
  }

  const count = matching ? matching.total : users.length;
  return (
    <ConfirmDialog
      open
      title={t(`bulk.title.${accion}`, { count, rol })}
      message={t(`bulk.effect.${accion}`, { count, rol })}
      confirmLabel={accionLabel}
      destructive={DESTRUCTIVE.includes(accion)}
      busy={isLoading}
      confirmDisabled={refused.length === count}
      onClose={() => onClose(false)}
      onConfirm={() => void onConfirm()}
    >
      {matching && (
        <Typography sx={{ mt: 2 }} variant="body2">
          {t('bulk.allMatchingNote')}
        </Typography>
      )}
      {refused.length > 0 && (
        <>
          <Typography id="bulk-foreseen" sx={{ mt: 2 }} variant="body2">
            {refused.length === count
              ? t('bulk.nothingToDo')
              : t('bulk.willBeRefused', { count: refused.length })}
          </Typography>
          <List dense aria-labelledby="bulk-foreseen" sx={{ maxHeight: 200, overflow: 'auto' }}>
            {refused.map(({ user, reason }) => (
              <ListItem key={user.id} disableGutters>
                <ListItemText primary={user.nombre} secondary={reason} />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {isLoading && (
        <>
          <Typography variant="body2" sx={{ mt: 2 }} role="status">
            {t('bulk.running')}
          </Typography>
          <LinearProgress aria-label={t('bulk.running')} sx={{ mt: 1 }} />
        </>
      )}
    </ConfirmDialog>
  );
}
