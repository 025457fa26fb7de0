import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Refusal, UserAction } from '@gestion/shared';
import { ROLES_READ_PERMISSIONS } from '@gestion/shared';
import { usePermission, useAnyPermission } from '@gestion/shared/react';
import { useAdminTexts } from '../../../i18n/namespace';
import { useRefusalText, type Delegation } from '../../roles/use-delegation';
import type { UsuarioItem } from '../api';

/** What a row's menu asks its tab to do. */
export type RowAction =
  | 'edit'
  | 'assign'
  | 'deactivate'
  | 'activate'
  | 'revoke'
  | 'delete'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'passwordReset';

interface Item {
  action: RowAction;
  label: string;
  refusal: Refusal | null;
  danger?: boolean;
}

/** The delegation rule each row action is checked against (activating a user edits them). */
const RULE: Record<RowAction, UserAction> = {
  edit: 'editar',
  assign: 'editar',
  activate: 'editar',
  deactivate: 'desactivar',
  revoke: 'revocarSesiones',
  delete: 'eliminar',
  resendInvitation: 'editar',
  revokeInvitation: 'editar',
  passwordReset: 'restablecerCredenciales',
};

/**
 * One user's actions. Those the viewer's permissions never allow are not offered; those the
 * delegation rules refuse for this user (a more powerful user, an admin, one's own account) are
 * shown disabled, still focusable, and described by the reason listed at the top of the menu —
 * the same words the api would answer with.
 */
export function UsuarioRowMenu({
  anchor,
  user,
  delegation,
  onClose,
  onAction,
}: {
  anchor: HTMLElement | null;
  user: UsuarioItem | null;
  delegation: Delegation;
  onClose: () => void;
  onAction: (action: RowAction, user: UsuarioItem) => void;
}) {
  const { t } = useAdminTexts();
  const refusalText = useRefusalText();
  const canEdit = usePermission('usuarios:editar');
  const canDelete = usePermission('usuarios:eliminar');
  const canSeeRoles = useAnyPermission(ROLES_READ_PERMISSIONS);

  const items: Item[] = [];
  if (user) {
    const item = (action: RowAction, label: string, danger = false): Item => ({
      action,
      label,
      danger,
      refusal: delegation.actOn(user, RULE[action]),
    });
    // Issue #15: a pending invitation is sent again or revoked; an account with a password
    // gets a reset link (an admin never sees or sets it, ASVS 6.4.6).
    const pendingInvitation = user.invitacionPendiente === true;
    if (canEdit && pendingInvitation) {
      items.push(item('resendInvitation', t('usuarios.resendInvitation')));
      items.push(item('revokeInvitation', t('usuarios.revokeInvitation'), true));
    }
    if (canEdit) items.push(item('edit', t('usuarios.edit')));
    if (canEdit && canSeeRoles) items.push(item('assign', t('usuarios.assignRoles')));
    if (canEdit)
      items.push(
        user.activo
          ? item('deactivate', t('usuarios.deactivate'))
          : item('activate', t('usuarios.activate')),
      );
    if (canEdit && !pendingInvitation) {
      items.push(item('passwordReset', t('usuarios.passwordReset')));
      items.push(item('revoke', t('usuarios.revokeSessions')));
    }
    if (canDelete) items.push(item('delete', t('usuarios.delete'), true));
  }

  // Each distinct reason once, at the top; the disabled items point at theirs.
  const reasons = [...new Set(items.flatMap((i) => (i.refusal ? [refusalText(i.refusal)] : [])))];
  const reasonId = (i: Item) =>
    i.refusal ? `row-refusal-${user?.id}-${reasons.indexOf(refusalText(i.refusal))}` : undefined;

  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null && user !== null}
      onClose={onClose}
      // Disabled items stay reachable by the arrow keys, so their reason is read out.
      slotProps={{ list: { disabledItemsFocusable: true } }}
    >
      {reasons.map((text, index) => (
        <ListSubheader
          key={text}
          id={`row-refusal-${user?.id}-${index}`}
          sx={{ whiteSpace: 'normal', lineHeight: 1.4, py: 1, maxWidth: 320, position: 'static' }}
        >
          {text}
        </ListSubheader>
      ))}
      {items.map((i) => (
        <MenuItem
          key={i.action}
          disabled={i.refusal !== null}
          aria-describedby={reasonId(i)}
          sx={i.danger ? { color: 'error.main' } : undefined}
          onClick={() => {
            if (user && !i.refusal) onAction(i.action, user);
          }}
        >
          {i.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
